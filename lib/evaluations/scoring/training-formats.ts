import type { JsonValue } from "../../routine";
import { normalizeToolParameters } from "./tool-schema";
import { functionNames, outputText, userContent, type Trajectory } from "./training-trajectory";

/** The fine-tuning formats the export writes. */
export const TRAINING_FORMATS = ["openai", "llamafactory"] as const;
export type TrainingFormat = (typeof TRAINING_FORMATS)[number];

export type OpenAiToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
export type OpenAiMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: OpenAiToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
export type OpenAiTool = {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, JsonValue> };
};
export type OpenAiChatLine = { messages: OpenAiMessage[]; tools: OpenAiTool[] };

/** One function of a tool list, as both formats describe it. */
function functionsOf(trajectory: Trajectory) {
  const nameOf = functionNames(trajectory.tools);
  return trajectory.tools.map((tool) => ({
    name: nameOf(tool),
    description: tool.description,
    parameters: normalizeToolParameters(tool.inputSchema),
  }));
}

/**
 * One line of OpenAI's chat fine-tuning format: system (when given), the user's request, then per tool call an
 * assistant message carrying it and the tool message answering it (one call per turn, as the run made them), and
 * the assistant's final answer; the tools as function definitions.
 */
export function toOpenAiChatLine(trajectory: Trajectory): OpenAiChatLine {
  const messages: OpenAiMessage[] = [];
  if (trajectory.system) messages.push({ role: "system", content: trajectory.system });
  messages.push({ role: "user", content: userContent(trajectory) });
  for (const call of trajectory.calls) {
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: call.id, type: "function", function: { name: call.tool, arguments: JSON.stringify(call.arguments) } },
      ],
    });
    messages.push({ role: "tool", tool_call_id: call.id, content: outputText(call.output) });
  }
  messages.push({ role: "assistant", content: trajectory.answer });
  return { messages, tools: functionsOf(trajectory).map((fn) => ({ type: "function", function: fn })) };
}

export type LlamaFactoryTurn = { from: "human" | "function_call" | "observation" | "gpt"; value: string };
export type LlamaFactoryLine = { conversations: LlamaFactoryTurn[]; system: string; tools: string };

/**
 * One line of LLaMA-Factory's sharegpt format with function calls (its data/README.md): `conversations` alternate
 * human/observation (odd positions) and function_call/gpt (even positions); a function call's value is the JSON text
 * of `{ name, arguments }` with the arguments as an object; `tools` is the JSON text of the function list.
 */
export function toLlamaFactoryLine(trajectory: Trajectory): LlamaFactoryLine {
  const conversations: LlamaFactoryTurn[] = [{ from: "human", value: userContent(trajectory) }];
  for (const call of trajectory.calls) {
    conversations.push({
      from: "function_call",
      value: JSON.stringify({ name: call.tool, arguments: call.arguments }),
    });
    conversations.push({ from: "observation", value: outputText(call.output) });
  }
  conversations.push({ from: "gpt", value: trajectory.answer });
  return { conversations, system: trajectory.system, tools: JSON.stringify(functionsOf(trajectory)) };
}

/** The JSONL line of a trajectory in `format` (no trailing newline). */
export function trainingLine(trajectory: Trajectory, format: TrainingFormat): string {
  return JSON.stringify(format === "openai" ? toOpenAiChatLine(trajectory) : toLlamaFactoryLine(trajectory));
}
