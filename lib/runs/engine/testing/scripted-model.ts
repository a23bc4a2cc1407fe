import type { ChatRequest, ChatResult } from "../../../llm";
import type { JsonValue } from "../../../routine";
import type { ModelPort } from "../ports";

/** What a scripted answer may say; the rest is filled in (no tool calls, "stop", estimated usage, 1 attempt). */
export type ScriptedAnswer = Partial<Pick<ChatResult, "content" | "toolCalls" | "usage" | "finishReason">>;

export type ScriptedModel = ModelPort & { readonly requests: ChatRequest[] };

const estimate = (text: string) => Math.ceil(text.length / 4);

/** A ModelPort answering in-process with no latency, for benchmarks and tests that need no HTTP. */
export function scriptedModel(
  answer: (request: ChatRequest) => ScriptedAnswer | Promise<ScriptedAnswer>,
): ScriptedModel {
  const requests: ChatRequest[] = [];
  return {
    requests,
    async chat(request) {
      request.signal?.throwIfAborted();
      requests.push(request);
      const scripted = await answer(request);
      const content = scripted.content ?? null;
      const toolCalls = scripted.toolCalls ?? [];
      const prompt = request.messages
        .map((message) => ("content" in message ? (message.content ?? "") : ""))
        .join("\n");
      return {
        content,
        toolCalls,
        finishReason: scripted.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
        usage: scripted.usage ?? {
          inputTokens: estimate(prompt),
          outputTokens: estimate(content ?? JSON.stringify(toolCalls)),
        },
        model: "scripted",
        attempts: 1,
      };
    },
  };
}

/**
 * A model that does what each step asks: calls the tool the step names (arguments from `args`, default none),
 * picks the first way of a branch, fills every field of a structured answer with text, and answers "Done." otherwise.
 */
export function obedientModel(
  args: (tool: string, request: ChatRequest) => Record<string, JsonValue> = () => ({}),
): ScriptedModel {
  let calls = 0;
  return scriptedModel((request) => {
    if (request.tools?.length) {
      const asked = request.messages
        .map((message) =>
          "content" in message ? /Call the tool (\S+) now/.exec(message.content ?? "")?.[1] : undefined,
        )
        .find(Boolean);
      const name = asked ?? request.tools[0].name;
      return { toolCalls: [{ id: `call_${++calls}`, name, arguments: JSON.stringify(args(name, request)) }] };
    }
    const schema = request.responseFormat?.schema as { properties?: Record<string, { enum?: string[] }> } | undefined;
    if (schema?.properties) {
      const fields = Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [name, property.enum?.[0] ?? `${name} value`]),
      );
      return { content: JSON.stringify(fields) };
    }
    return { content: "Done." };
  });
}
