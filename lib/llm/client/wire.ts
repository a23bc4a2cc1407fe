import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from "openai/resources/chat/completions";
import { MalformedResponseError } from "./failures";
import type { ChatMessage, ChatRequest, ChatResult, ToolCall, ToolChoice, ToolSpec } from "../types";

export function toWireMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case "system":
      case "user":
        return { role: message.role, content: message.content };
      case "assistant":
        return {
          role: "assistant",
          content: message.content,
          ...(message.toolCalls?.length
            ? {
                tool_calls: message.toolCalls.map((call) => ({
                  id: call.id,
                  type: "function" as const,
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        };
      default:
        // The one role left, a tool's answer; a role added to ChatMessage without a case here fails on its fields.
        return { role: message.role, tool_call_id: message.toolCallId, content: message.content };
    }
  });
}

function toWireTools(tools: ToolSpec[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.parameters,
      ...(tool.strict === undefined ? {} : { strict: tool.strict }),
    },
  }));
}

function toWireToolChoice(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === "string" ? choice : { type: "function", function: { name: choice.name } };
}

/**
 * The request body. `max_tokens` is what OpenAI-compatible servers (vLLM, Ollama, LM Studio) understand;
 * OpenAI's reasoning models want `max_completion_tokens` instead, which the client switches to when told so.
 */
export function toWireRequest(
  model: string,
  request: ChatRequest,
  useCompletionTokens: boolean,
): ChatCompletionCreateParamsNonStreaming {
  return {
    model,
    messages: toWireMessages(request.messages),
    ...(request.tools?.length ? { tools: toWireTools(request.tools) } : {}),
    ...(request.toolChoice && request.tools?.length ? { tool_choice: toWireToolChoice(request.toolChoice) } : {}),
    ...(request.responseFormat
      ? {
          response_format: {
            type: "json_schema",
            json_schema: {
              name: request.responseFormat.name,
              schema: request.responseFormat.schema,
              strict: request.responseFormat.strict ?? true,
            },
          },
        }
      : {}),
    ...(request.maxTokens === undefined
      ? {}
      : useCompletionTokens
        ? { max_completion_tokens: request.maxTokens }
        : { max_tokens: request.maxTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const count = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0;

function readToolCalls(value: unknown): ToolCall[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new MalformedResponseError("tool_calls is not a list");
  return value.flatMap((call, index): ToolCall[] => {
    if (!isRecord(call) || !isRecord(call.function)) return [];
    const { name, arguments: args } = call.function;
    if (typeof name !== "string") throw new MalformedResponseError("a tool call has no function name");
    const id = typeof call.id === "string" && call.id ? call.id : `call_${index}`;
    return [{ id, name, arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}) }];
  });
}

/** Reads a chat completion body defensively: servers that are only "compatible" differ in what they omit. */
export function readCompletion(body: unknown, requestedModel: string): Omit<ChatResult, "attempts"> {
  if (!isRecord(body))
    throw new MalformedResponseError(
      typeof body === "string" ? "the body is text, not JSON" : "the body is not a JSON object",
    );
  if (!Array.isArray(body.choices) || body.choices.length === 0) throw new MalformedResponseError("it has no choices");
  const choice: unknown = body.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message))
    throw new MalformedResponseError("its first choice has no message");
  const content = choice.message.content;
  if (content !== undefined && content !== null && typeof content !== "string")
    throw new MalformedResponseError("the message content is not text");
  const usage = isRecord(body.usage) ? body.usage : {};
  return {
    content: typeof content === "string" ? content : null,
    toolCalls: readToolCalls(choice.message.tool_calls),
    finishReason: typeof choice.finish_reason === "string" ? choice.finish_reason : "unknown",
    usage: { inputTokens: count(usage.prompt_tokens), outputTokens: count(usage.completion_tokens) },
    model: typeof body.model === "string" && body.model ? body.model : requestedModel,
  };
}

/** The model ids of a GET /models answer ({ data: [{ id }] }). */
export function readModelList(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body.data)) throw new MalformedResponseError("the models list has no data");
  return body.data.flatMap((entry) => (isRecord(entry) && typeof entry.id === "string" ? [entry.id] : []));
}

/** The vectors of a POST /embeddings answer ({ data: [{ index, embedding }], usage }), one per text sent, in order. */
export function readEmbeddings(body: unknown, expected: number): { vectors: number[][]; inputTokens: number } {
  if (!isRecord(body) || !Array.isArray(body.data))
    throw new MalformedResponseError("the embeddings answer has no data");
  const vectors: number[][] = [];
  for (const item of body.data) {
    const embedding = isRecord(item) ? item.embedding : undefined;
    const index = isRecord(item) ? item.index : undefined;
    if (
      typeof index !== "number" ||
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      !embedding.every((value) => typeof value === "number")
    )
      throw new MalformedResponseError("an embedding is not a list of numbers");
    vectors[index] = embedding as number[];
  }
  if (vectors.length !== expected || vectors.some((vector) => !vector))
    throw new MalformedResponseError(`it holds ${body.data.length} embeddings for ${expected} texts`);
  const usage = isRecord(body.usage) ? body.usage : {};
  return { vectors, inputTokens: count(usage.prompt_tokens) };
}
