import type { ToolCall } from "../../../../llm";
import type { JsonValue, ToolRef } from "../../../../routine";
import type { ToolNames } from "../../tool-names";

/** A model's tool call the engine will not send, and why. */
export type RefusedCall = { call: ToolCall; tool: string; reason: string };

/** What the engine makes of one model answer for a tool step: the call to send, and the calls it refuses. */
export type CallVerdict = {
  /** The first call to the step's own tool, if any. */
  chosen: ToolCall | null;
  /** Every other call, with its reason; when nothing was chosen, the first one is the deviation. */
  refused: RefusedCall[];
  /** Set when the answer deviates from the step: the reason, for the corrective turn or the failure. */
  deviation: string | null;
};

const sameTool = (a: ToolRef, b: ToolRef) => a.server === b.server && a.name === b.name;

/**
 * Maps the model's calls to the current step: a call to the step's tool is accepted (the first one, if several);
 * a call to another tool of the routine is "not this step's tool"; a name outside the allowlist is refused as such.
 */
export function judgeCalls(calls: readonly ToolCall[], expected: ToolRef, names: ToolNames): CallVerdict {
  const expectedName = names.nameOf(expected);
  const chosen = calls.find((call) => {
    const tool = names.toolOf(call.name);
    return tool !== undefined && sameTool(tool, expected);
  });
  const refused = calls
    .filter((call) => call !== chosen)
    .map((call): RefusedCall => {
      const tool = names.toolOf(call.name);
      if (chosen)
        return {
          call,
          tool: tool?.name ?? call.name,
          reason: `Only one tool call per step; this call to ${call.name} was not run.`,
        };
      if (!tool)
        return {
          call,
          tool: call.name,
          reason: `${call.name} is not one of the routine's tools; this step calls ${expectedName}.`,
        };
      return {
        call,
        tool: tool.name,
        reason: `${call.name} is not this step's tool; this step calls ${expectedName}.`,
      };
    });
  if (chosen) return { chosen, refused, deviation: null };
  if (calls.length === 0)
    return {
      chosen: null,
      refused,
      deviation: `The model answered without calling a tool; this step calls ${expectedName}.`,
    };
  return { chosen: null, refused, deviation: refused[0].reason };
}

/** The model's argument text as an object, or what is wrong with it. */
export function parseArguments(
  text: string,
): { ok: true; value: Record<string, JsonValue> } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return { ok: false, problem: "the arguments are not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, problem: "the arguments are not a JSON object" };
  return { ok: true, value: value as Record<string, JsonValue> };
}
