import type { JsonValue } from "@/lib/routine";
import type { TestCaseContent, TestCaseContentInput } from "@/lib/evaluations/scoring";

/**
 * The editor's form state and its conversions. Accepted values are edited one per line: a line that parses as JSON
 * is that value (3, true, ["a"], {"x": 1}), any other line is text. Text that would parse as JSON is shown quoted,
 * so what a person sees is what is stored.
 */
export type ArgumentDraft = { key: number; name: string; accepted: string; optional: boolean };
export type CallDraft = { key: number; tool: string; args: ArgumentDraft[] };
export type CaseDraft = {
  name: string;
  request: string;
  inputs: string;
  calls: CallDraft[];
  /** One branch label per line. */
  path: string;
  pinned: string;
};

let nextKey = 0;
export const newKey = () => ++nextKey;

export const emptyArgument = (name = ""): ArgumentDraft => ({ key: newKey(), name, accepted: "", optional: false });
export const emptyCall = (tool = "", parameters: string[] = []): CallDraft => ({
  key: newKey(),
  tool,
  args: parameters.map((name) => emptyArgument(name)),
});

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
  if (!content) return { name: "", request: "", inputs: "{}", calls: [], path: "", pinned: "[]" };
  return {
    name: content.name,
    request: content.request,
    inputs: pretty(content.inputs),
    calls: content.expectedCalls.map((call) => ({
      key: newKey(),
      tool: call.tool,
      args: Object.entries(call.arguments).map(([name, argument]) => ({
        key: newKey(),
        name,
        accepted: argument.accepted.map(valueLine).join("\n"),
        optional: argument.optional,
      })),
    })),
    path: content.expectedPath.join("\n"),
    pinned: pretty(content.pinnedOutputs),
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
    return { tool: call.tool.trim(), arguments: args };
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
    },
  };
}
