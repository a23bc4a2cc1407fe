import { messageText, type ChatRequest } from "./chat-request";
import type { FakeReply } from "./schemas";

export type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
export type AnswerToolCall = { id: string; name: string; arguments: string };

/** What the assistant says, independent of how it is sent (one JSON object or a stream of chunks). */
export type Answer = {
  content: string | null;
  toolCalls: AnswerToolCall[];
  finishReason: "stop" | "tool_calls" | "length";
  usage: Usage;
};

/** Sequential ids, so a test reading two answers can tell them apart and a log reads in order. */
export class IdSource {
  private count = 0;
  next(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }
}

/**
 * Turns a scripted reply into the answer to send. With `brokenArguments` (the invalid-tool-arguments fault) every tool
 * call's arguments are cut short so they no longer parse as JSON, the way a model stopped mid-call sends them; a
 * reply without tool calls gets one, named after the request's first tool.
 */
export function buildAnswer(
  reply: FakeReply | undefined,
  request: ChatRequest,
  ids: IdSource,
  brokenArguments = false,
): Answer {
  const content = reply?.json !== undefined ? JSON.stringify(reply.json) : (reply?.content ?? null);
  let toolCalls: AnswerToolCall[] = (reply?.toolCalls ?? []).map((call) => ({
    id: call.id ?? ids.next("call_fake_"),
    name: call.name,
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  if (brokenArguments) {
    if (toolCalls.length === 0) {
      const name = request.tools?.find((tool) => tool.function)?.function?.name ?? "fake_tool";
      toolCalls = [{ id: ids.next("call_fake_"), name, arguments: '{"input": {}}' }];
    }
    toolCalls = toolCalls.map((call) => ({ ...call, arguments: truncateJson(call.arguments) }));
  }
  const finishReason = reply?.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop");
  const answerText = (content ?? "") + toolCalls.map((call) => call.name + call.arguments).join("");
  const promptText = request.messages.map(messageText).join("\n");
  const prompt = reply?.usage?.prompt_tokens ?? estimateTokens(promptText);
  const completion = reply?.usage?.completion_tokens ?? estimateTokens(answerText);
  return {
    content: content ?? (toolCalls.length > 0 ? null : ""),
    toolCalls,
    finishReason,
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}

/** The rough rule of thumb for English text: a token is about four characters. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function truncateJson(text: string): string {
  const cut = text.slice(0, Math.max(1, text.length - 1));
  try {
    JSON.parse(cut);
    return `${cut},`;
  } catch {
    return cut;
  }
}
