import type { RunEventInput } from "../../events";
import type { JsonValue } from "../../routine";
import type { RunChange, RunSnapshot } from "./ports";
import { RESULT_OUTPUT } from "./outputs";

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

const KEY_MAX = 64;
const DETAIL_MAX = 20;
const SUBJECT_MAX = 24;
/** Verbs that say what a tool does, not what its result is: get_payslip's result is a PAYSLIP. */
const TOOL_VERB = /^(get|list|read|fetch|find|search|lookup|look_up|query|load|show)_+/i;

const keyPart = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();

/**
 * A variable key that says what it holds, as the paper's VAR_PAYSLIP_2025_06: the output's name (or, for a step
 * with no declared output, its tool's object), then up to two short values the step was called with ("2025-06" →
 * 2025_06); `_2`, `_3` … when taken. At most 64 characters, letters, digits and `_` only: the model types it back.
 */
export function variableKeyFor(
  what: { output: string; tool?: string; stepId: string },
  input: JsonValue | null,
  keys: ReadonlySet<string>,
): string {
  const named = what.output === RESULT_OUTPUT && what.tool ? what.tool.replace(TOOL_VERB, "") : what.output;
  const subject = (keyPart(named) || keyPart(what.stepId) || "VALUE").slice(0, SUBJECT_MAX).replace(/_+$/, "");
  const details =
    input && typeof input === "object" && !Array.isArray(input)
      ? Object.values(input)
          .filter((value): value is string | number => typeof value === "string" || typeof value === "number")
          .map((value) => keyPart(String(value)))
          .filter((part) => part !== "" && part.length <= DETAIL_MAX && !part.startsWith("VAR_"))
          .slice(0, 2)
      : [];
  const base = ["VAR", subject, ...details]
    .join("_")
    .slice(0, KEY_MAX - 3)
    .replace(/_+$/, "");
  if (!keys.has(base)) return base;
  for (let n = 2; ; n++) if (!keys.has(`${base}_${n}`)) return `${base}_${n}`;
}

/**
 * Moves each output whose JSON is larger than `thresholdBytes` into variable memory under a key that says what it
 * holds (variableKeyFor): the output keeps a stub with the key and a preview, the change carries the variable, and a
 * variable.set event announces it. Smaller outputs stay inline.
 */
export function holdLargeOutputs(
  from: { stepId: string; tool?: string; input: JsonValue | null },
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
  const { stepId } = from;
  const taken = new Set(keys);
  for (const [name, value] of Object.entries(outputs)) {
    const text = jsonText(value);
    const bytes = byteLength(text);
    if (bytes <= thresholdBytes) {
      kept[name] = value;
      continue;
    }
    const key = variableKeyFor({ output: name, tool: from.tool, stepId }, from.input, taken);
    taken.add(key);
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
