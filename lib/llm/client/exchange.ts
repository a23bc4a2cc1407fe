import type { ChatRequest, ChatResult, LlmExchange } from "../types";
import { redactSecrets } from "./failures";

/**
 * A copy of `value` with every string passed through redactSecrets (object keys too): the key is removed from the
 * texts themselves rather than from their JSON, whose escaping could hide it and whose quotes a "Bearer …" match
 * could swallow.
 */
export function redactDeep<T>(value: T, apiKey?: string): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return redactSecrets(item, apiKey);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === "object")
      return Object.fromEntries(
        Object.entries(item as Record<string, unknown>).map(([key, entry]) => [
          redactSecrets(key, apiKey),
          walk(entry),
        ]),
      );
    return item;
  };
  return walk(value) as T;
}

/** What a chat request sent, as it is kept: the messages, the tools offered and the answer's constraints. */
export function requestOf(request: ChatRequest, apiKey?: string): LlmExchange["request"] {
  return redactDeep(
    {
      messages: request.messages,
      ...(request.tools?.length ? { tools: request.tools } : {}),
      ...(request.toolChoice ? { toolChoice: request.toolChoice } : {}),
      ...(request.responseFormat ? { responseFormat: request.responseFormat } : {}),
    },
    apiKey,
  );
}

/** What the model answered, as it is kept. */
export function responseOf(
  result: Pick<ChatResult, "content" | "toolCalls" | "finishReason">,
  apiKey?: string,
): NonNullable<LlmExchange["response"]> {
  return redactDeep(
    { content: result.content, toolCalls: result.toolCalls, finishReason: result.finishReason },
    apiKey,
  );
}
