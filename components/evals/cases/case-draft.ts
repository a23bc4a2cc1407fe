import type { JsonValue } from "@/lib/routine";
import type { TestCaseContent, TestCaseContentInput } from "@/lib/evaluations/scoring";

/**
 * The editor's form state and its conversions. Accepted values are edited one per line: a line that parses as JSON
 * is that value (3, true, ["a"], {"x": 1}), any other line is text. Text that would parse as JSON is shown quoted,
 * so what a person sees is what is stored.
 */
export type ArgumentDraft = { key: number; name: string; accepted: string; optional: boolean };
/** `withAbove`: in one order-free group with the call above it (the two may be made in any order, in one turn). */
export type CallDraft = { key: number; tool: string; args: ArgumentDraft[]; withAbove: boolean };
export type CaseDraft = {
  name: string;
  request: string;
  inputs: string;
  calls: CallDraft[];
  /** One branch label per line. */
  path: string;
  pinned: string;
  /** Strict: the case also requires every tool to answer without an error. */
  strict: boolean;
};

let nextKey = 0;
export const newKey = () => ++nextKey;

export const emptyArgument = (name = ""): ArgumentDraft => ({ key: newKey(), name, accepted: "", optional: false });
export const emptyCall = (tool = "", parameters: string[] = []): CallDraft => ({
  key: newKey(),
  tool,
  args: parameters.map((name) => emptyArgument(name)),
  withAbove: false,
});

/** A call's place in its order-free group: the group's number (1, 2… in order) and whether it opens the group. */
export type DraftGroup = { number: number; first: boolean; size: number };

/** Each call's group, or null for a call outside any group (the first call never joins the one above). */
export function draftGroups(calls: readonly Pick<CallDraft, "withAbove">[]): (DraftGroup | null)[] {
  const groups: (DraftGroup | null)[] = calls.map(() => null);
  let count = 0;
  calls.forEach((call, index) => {
    const next = calls[index + 1];
    const joins = index > 0 && call.withAbove;
    if (!joins && !next?.withAbove) return;
    if (!joins) groups[index] = { number: ++count, first: true, size: 0 };
    else groups[index] = { number: count, first: false, size: 0 };
  });
  for (const group of groups) if (group) group.size = groups.filter((g) => g?.number === group.number).length;
  return groups;
}

function valueLine(value: JsonValue): string {
  if (typeof value !== "string") return JSON.stringify(value);
  if (value.trim() !== value || value.includes("\n")) return JSON.stringify(value);
  try {
    JSON.parse(value);
    return JSON.stringify(value);
  } catch {
    return value;
  }
}

function lineValue(line: string): JsonValue {
  try {
    return JSON.parse(line) as JsonValue;
  } catch {
    return line;
  }
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export function toDraft(content: TestCaseContent | null): CaseDraft {
  if (!content) return { name: "", request: "", inputs: "{}", calls: [], path: "", pinned: "[]", strict: false };
  return {
    name: content.name,
    request: content.request,
    inputs: pretty(content.inputs),
    calls: content.expectedCalls.map((call, index, calls) => ({
      key: newKey(),
      tool: call.tool,
      withAbove: index > 0 && call.group !== undefined && calls[index - 1]!.group === call.group,
      args: Object.entries(call.arguments).map(([name, argument]) => ({
        key: newKey(),
        name,
        accepted: argument.accepted.map(valueLine).join("\n"),
        optional: argument.optional,
      })),
    })),
    path: content.expectedPath.join("\n"),
    pinned: pretty(content.pinnedOutputs),
    strict: content.strict,
  };
}

export type DraftResult = { ok: true; content: TestCaseContentInput } | { ok: false; errors: Record<string, string> };

function parseJsonField(text: string, what: string, shape: "object" | "array"): { value: unknown } | { error: string } {
  if (text.trim() === "") return { value: shape === "object" ? {} : [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: `${what} is not valid JSON.` };
  }
  const isArray = Array.isArray(value);
  const isObject = typeof value === "object" && value !== null && !isArray;
  if (shape === "object" && !isObject)
    return { error: `${what} must be a JSON object, such as {"employee_id": "E1024"}.` };
  if (shape === "array" && !isArray)
    return { error: `${what} must be a JSON list, such as [{"tool": "…", "output": …}].` };
  return { value };
}

/** The tools the pinned outputs field names, in order, as far as it reads (nothing while it is not valid JSON). */
export function pinnedTools(text: string): Array<{ tool: string }> {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry) =>
      typeof entry === "object" && entry !== null && typeof (entry as { tool?: unknown }).tool === "string"
        ? [{ tool: (entry as { tool: string }).tool }]
        : [],
    );
  } catch {
    return [];
  }
}

/** The content the form describes, or the fields it cannot be read from (the server checks the rest). */
export function fromDraft(draft: CaseDraft): DraftResult {
  const errors: Record<string, string> = {};
  const inputs = parseJsonField(draft.inputs, "Inputs", "object");
  if ("error" in inputs) errors.inputs = inputs.error;
  const pinned = parseJsonField(draft.pinned, "Pinned outputs", "array");
  if ("error" in pinned) errors.pinnedOutputs = pinned.error;
  const groups = draftGroups(draft.calls);
  const calls = draft.calls.map((call, index) => {
    const args: Record<string, { accepted: JsonValue[]; optional: boolean }> = {};
    for (const argument of call.args) {
      const name = argument.name.trim();
      if (name === "") {
        if (argument.accepted.trim() !== "") errors[`call-${index}`] = `Call ${index + 1}: name every argument.`;
        continue;
      }
      if (args[name]) errors[`call-${index}`] = `Call ${index + 1}: the argument "${name}" is listed twice.`;
      const accepted = argument.accepted
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "")
        .map(lineValue);
      if (accepted.length === 0 && !argument.optional)
        errors[`call-${index}`] = `Call ${index + 1}: give "${name}" at least one accepted value, or mark it optional.`;
      args[name] = { accepted, optional: argument.optional };
    }
    if (call.tool.trim() === "") errors[`call-${index}`] = `Call ${index + 1}: choose its tool.`;
    // Groups are labelled g1, g2… in order: the label only ties consecutive calls together.
    const group = groups[index];
    return { tool: call.tool.trim(), arguments: args, ...(group ? { group: `g${group.number}` } : {}) };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    content: {
      name: draft.name,
      request: draft.request,
      inputs: (inputs as { value: Record<string, JsonValue> }).value,
      expectedCalls: calls,
      expectedPath: draft.path
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
      pinnedOutputs: (pinned as { value: Array<{ tool: string; output: JsonValue }> }).value,
      strict: draft.strict,
    },
  };
}
