import type { Answer } from "./answer";

/** Fields every completion and chunk of one answer share. */
export type CompletionMeta = { id: string; created: number; model: string };

/** The non-streaming `chat.completion` object, as the real API sends it. */
export function chatCompletion(answer: Answer, meta: CompletionMeta) {
  return {
    id: meta.id,
    object: "chat.completion" as const,
    created: meta.created,
    model: meta.model,
    system_fingerprint: "fp_fake_openai",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant" as const,
          content: answer.content,
          refusal: null,
          annotations: [],
          // The real API leaves the field out of a message without tool calls.
          ...(answer.toolCalls.length > 0
            ? {
                tool_calls: answer.toolCalls.map((call) => ({
                  id: call.id,
                  type: "function" as const,
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        },
        logprobs: null,
        finish_reason: answer.finishReason,
      },
    ],
    usage: answer.usage,
  };
}

// About two tokens per piece: enough pieces that a client must stitch them together, few enough to stay fast.
const PIECE_CHARACTERS = 8;

/** Cuts text into short pieces on code point boundaries (never inside a surrogate pair). */
export function pieces(text: string, size = PIECE_CHARACTERS): string[] {
  const points = Array.from(text);
  const out: string[] = [];
  for (let start = 0; start < points.length; start += size) out.push(points.slice(start, start + size).join(""));
  return out;
}

/**
 * The `chat.completion.chunk` objects of a streamed answer, in order: the role, the content in pieces, each tool call
 * (id, type and name first, then its arguments in pieces), the finish reason, and the usage when asked for.
 */
export function completionChunks(answer: Answer, meta: CompletionMeta, includeUsage: boolean): object[] {
  const chunk = (delta: object, finishReason: string | null = null) => ({
    id: meta.id,
    object: "chat.completion.chunk",
    created: meta.created,
    model: meta.model,
    system_fingerprint: "fp_fake_openai",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    // With include_usage the real API sends `usage: null` on every chunk but the last.
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: object[] = [chunk({ role: "assistant", content: answer.content === null ? null : "", refusal: null })];
  for (const piece of pieces(answer.content ?? "")) chunks.push(chunk({ content: piece }));
  answer.toolCalls.forEach((call, index) => {
    chunks.push(
      chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }),
    );
    for (const piece of pieces(call.arguments))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(chunk({}, answer.finishReason));
  if (includeUsage) {
    chunks.push({
      id: meta.id,
      object: "chat.completion.chunk",
      created: meta.created,
      model: meta.model,
      system_fingerprint: "fp_fake_openai",
      choices: [],
      usage: answer.usage,
    });
  }
  return chunks;
}
