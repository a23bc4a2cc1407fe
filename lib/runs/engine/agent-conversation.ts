import type { ChatMessage } from "../../llm";
import { callsTool, type JsonValue } from "../../routine";
import { AGENT_CALL_PREFIX, isAgentCallStepId } from "./agent-mapping";
import type { RunSnapshot, StepRunSnapshot } from "./ports";
import type { RoutineIndex } from "./routine-graph";
import type { ToolNames } from "./tool-names";
import { isVariableStub, jsonText } from "./variables";

/** Longest tool result the model gets back inline; longer values are in variable memory already. */
const MAX_RESULT_CHARS = 16_000;

/** The tool_call id a stored call gets when the conversation is rebuilt after a restart. */
export function callIdOf(stepRunId: string): string {
  return `call_${stepRunId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/**
 * What the model gets back for a call that succeeded: the tool's value (a step with several outputs: the outputs by
 * name), a value held in variable memory shown as its key with a preview, so the model can pass the key on.
 */
export function toolResultText(outputs: Record<string, JsonValue>): string {
  const keys: string[] = [];
  const swap = (value: JsonValue): JsonValue => {
    if (!isVariableStub(value)) return value;
    keys.push(value.$var);
    return `${value.$var} (in variable memory; starts: ${value.preview})`;
  };
  const names = Object.keys(outputs);
  const shown =
    names.length === 1 ? swap(outputs[names[0]]) : Object.fromEntries(names.map((name) => [name, swap(outputs[name])]));
  let text = jsonText(shown);
  if (text.length > MAX_RESULT_CHARS) text = `${text.slice(0, MAX_RESULT_CHARS)}…`;
  if (keys.length === 0) return text;
  return `${text}\nLong values are kept in variable memory: ${keys.join(", ")}. To pass one to a tool, give its key as the argument.`;
}

export function toolErrorText(error: string): string {
  return `Error: ${error}`;
}

/** The function name a stored agent step run called: its routine step's tool, or the name after `call:`. */
export function functionNameOf(run: StepRunSnapshot, index: RoutineIndex, names: ToolNames): string | null {
  if (isAgentCallStepId(run.stepId)) return run.stepId.slice(AGENT_CALL_PREFIX.length);
  const step = index.step(run.stepId);
  return step && callsTool(step) ? names.nameOf(step.tool) : null;
}

const isArguments = (value: JsonValue | null): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The conversation after the system and user messages, rebuilt from the stored step runs (the engine keeps no
 * memory of a previous process): each call that settled becomes an assistant tool call and its tool message, ids
 * derived from the step run's id, so no completed call runs again. A call left `running` with its arguments recorded
 * is returned as `unfinished`, to be sent again with the same idempotency key; one without arguments never reached
 * the tool and is returned as `abandoned`.
 */
export function rebuildConversation(
  snapshot: RunSnapshot,
  index: RoutineIndex,
  names: ToolNames,
): { messages: ChatMessage[]; calls: number; unfinished: StepRunSnapshot | null; abandoned: StepRunSnapshot[] } {
  const messages: ChatMessage[] = [];
  let unfinished: StepRunSnapshot | null = null;
  const abandoned: StepRunSnapshot[] = [];
  let calls = 0;
  for (const run of snapshot.steps) {
    const name = functionNameOf(run, index, names);
    if (name === null) continue;
    const open = run.state === "running" || run.state === "pending";
    if (open && !isArguments(run.input)) {
      abandoned.push(run);
      continue;
    }
    if (!isArguments(run.input)) continue;
    const id = callIdOf(run.id);
    calls++;
    messages.push({
      role: "assistant",
      content: null,
      toolCalls: [{ id, name, arguments: JSON.stringify(run.input) }],
    });
    if (open) {
      unfinished = run;
      continue;
    }
    const output = run.output;
    const content =
      run.state === "succeeded"
        ? toolResultText(output && typeof output === "object" && !Array.isArray(output) ? output : { result: output })
        : toolErrorText(run.error ?? "the call did not finish");
    messages.push({ role: "tool", toolCallId: id, content });
  }
  return { messages, calls, unfinished, abandoned };
}
