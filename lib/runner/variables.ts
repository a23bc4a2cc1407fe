import type { RunEventInput } from "../events";
import type { JsonValue } from "../routine";
import type { RunChange, RunSnapshot } from "./ports";

/** How an output held in variable memory appears in the step's output, in prompts and in bindings. */
export type VariableStub = { $var: string; preview: string };

export const DEFAULT_VARIABLE_THRESHOLD_BYTES = 2048;
const PREVIEW_CHARS = 200;

export function isVariableStub(value: unknown): value is VariableStub {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { $var?: unknown }).$var === "string"
  );
}

export function jsonText(value: JsonValue): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** The start of a value as one line, for previews and one-line summaries. */
export function preview(value: JsonValue, chars = PREVIEW_CHARS): string {
  const flat = jsonText(value).replace(/\s+/g, " ").trim();
  return flat.length > chars ? `${flat.slice(0, chars)}…` : flat;
}

/** Every variable key the run holds, read off the stubs in its step runs' outputs. */
export function variableKeys(snapshot: RunSnapshot): Set<string> {
  const keys = new Set<string>();
  for (const run of snapshot.steps) {
    if (run.outputRef) keys.add(run.outputRef);
    const output = run.output;
    if (output && typeof output === "object" && !Array.isArray(output)) {
      for (const value of Object.values(output)) if (isVariableStub(value)) keys.add(value.$var);
    }
  }
  return keys;
}

/** The variables of a run with their previews, newest last, for the executor's context. */
export function variableList(snapshot: RunSnapshot): Array<{ key: string; stepId: string; preview: string }> {
  const list: Array<{ key: string; stepId: string; preview: string }> = [];
  for (const run of snapshot.steps) {
    const output = run.output;
    if (!output || typeof output !== "object" || Array.isArray(output)) continue;
    for (const value of Object.values(output))
      if (isVariableStub(value)) list.push({ key: value.$var, stepId: run.stepId, preview: value.preview });
  }
  return list;
}

function nextKeyNumber(stepId: string, keys: Set<string>): number {
  const prefix = `VAR_${stepId}_`;
  let max = 0;
  for (const key of keys) {
    if (!key.startsWith(prefix)) continue;
    const n = Number(key.slice(prefix.length));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return max + 1;
}

/**
 * Moves each output whose JSON is larger than `thresholdBytes` into variable memory as `VAR_<stepId>_<n>`: the
 * output keeps a stub with the key and a preview, the change carries the variable, and a variable.set event
 * announces it. Smaller outputs stay inline.
 */
export function holdLargeOutputs(
  stepId: string,
  outputs: Record<string, JsonValue>,
  keys: Set<string>,
  thresholdBytes: number,
): {
  outputs: Record<string, JsonValue>;
  variables: NonNullable<RunChange["variables"]>;
  events: RunEventInput[];
  outputRef: string | null;
} {
  const kept: Record<string, JsonValue> = {};
  const variables: NonNullable<RunChange["variables"]> = [];
  const events: RunEventInput[] = [];
  let n = nextKeyNumber(stepId, keys);
  for (const [name, value] of Object.entries(outputs)) {
    const text = jsonText(value);
    const bytes = byteLength(text);
    if (bytes <= thresholdBytes) {
      kept[name] = value;
      continue;
    }
    const key = `VAR_${stepId}_${n++}`;
    const shown = preview(value);
    // A string is stored as JSON too, so reading a variable back always parses to the value that was stored.
    variables.push({ key, stepId, value: JSON.stringify(value) });
    events.push({ type: "variable.set", data: { key, stepId, bytes, preview: shown } });
    kept[name] = { $var: key, preview: shown };
  }
  return { outputs: kept, variables, events, outputRef: variables[0]?.key ?? null };
}

/** A stored variable's value: its JSON parsed, or the text itself when it is not JSON. */
export function parseVariable(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
