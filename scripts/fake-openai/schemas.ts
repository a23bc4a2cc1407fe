import { z } from "zod";

/** Conditions on a chat request; all given ones must hold, none matches every request. */
export const fakeMatchSchema = z.strictObject({
  /** Text of the last message (content, or tool call names and arguments) contains this. */
  lastMessageIncludes: z.string().optional(),
  /** Text of any message, the system prompt included, contains this. */
  anyMessageIncludes: z.string().optional(),
  lastRole: z.enum(["system", "developer", "user", "assistant", "tool"]).optional(),
  model: z.string().optional(),
  /** true: the request offers at least one tool; false: it offers none. */
  hasTools: z.boolean().optional(),
  /** `response_format.type` of the request, "text" when it sends none. */
  responseFormat: z.enum(["json_schema", "json_object", "text"]).optional(),
  /** Some `tool` message (a tool result sent back to the model) contains this. */
  toolResultIncludes: z.string().optional(),
});

export const fakeToolCallSchema = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** A string is sent as is (so a test can send anything); any other value is sent as its JSON. */
  arguments: z.unknown(),
});

export const fakeUsageSchema = z.strictObject({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
});

export const fakeReplySchema = z
  .strictObject({
    content: z.string().optional(),
    /** Sent as `JSON.stringify(json)` in the message content. */
    json: z.unknown().optional(),
    toolCalls: z.array(fakeToolCallSchema).optional(),
    /** Default: "tool_calls" when the reply has tool calls, else "stop". */
    finishReason: z.enum(["stop", "tool_calls", "length"]).optional(),
    /** Default: estimated as ceil(characters / 4) of the prompt and of the answer. */
    usage: fakeUsageSchema.optional(),
  })
  .refine((reply) => reply.content === undefined || reply.json === undefined, {
    message: "a reply has either content or json, not both",
  });

export const fakeFaultSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("http"),
    status: z.number().int().min(400).max(599),
    message: z.string().optional(),
    /** Sent as `retry-after` (whole seconds, rounded up) and `retry-after-ms`, which the openai SDK prefers. */
    retryAfterSeconds: z.number().nonnegative().optional(),
  }),
  z.strictObject({ kind: z.literal("malformed-json") }),
  z.strictObject({ kind: z.literal("invalid-tool-arguments") }),
  z.strictObject({ kind: z.literal("hang") }),
  z.strictObject({ kind: z.literal("drop") }),
]);

/** A gate name for `hold` and `POST /__fake/gates/open`; make it unique to the test. */
export const gateNameSchema = z.string().min(1).max(200);

export const fakeRuleSchema = z
  .strictObject({
    id: z.string().min(1).optional(),
    match: fakeMatchSchema.optional(),
    /** Answers at most this many requests, then is skipped. */
    times: z.number().int().positive().optional(),
    /** Wait before answering (before the first stream chunk too). */
    delayMs: z.number().int().nonnegative().max(600_000).optional(),
    /** Streaming only: wait between chunks, so a UI can be seen receiving text as it comes. */
    chunkDelayMs: z.number().int().nonnegative().max(60_000).optional(),
    /** After any delayMs, wait until this gate is opened before the fault or reply (at once if it already is). */
    hold: gateNameSchema.optional(),
    reply: fakeReplySchema.optional(),
    fault: fakeFaultSchema.optional(),
  })
  .refine((rule) => rule.reply !== undefined || rule.fault !== undefined, {
    message: "a rule needs a reply or a fault",
  });

/**
 * How `POST /v1/embeddings` answers. Each input gets the vector of the first `vectors` entry whose `inputIncludes` it
 * contains (case-insensitive), else a deterministic bag-of-words vector of `dimensions` numbers: texts that share
 * words point the same way, so keyword-like similarity works without a model. `fault` and `delayMs` apply to every
 * embeddings request.
 */
export const fakeEmbeddingsSchema = z.strictObject({
  dimensions: z.number().int().min(2).max(4096).optional(),
  vectors: z.array(z.strictObject({ inputIncludes: z.string().min(1), vector: z.array(z.number()).min(1) })).optional(),
  delayMs: z.number().int().nonnegative().max(600_000).optional(),
  fault: z
    .discriminatedUnion("kind", [
      z.strictObject({
        kind: z.literal("http"),
        status: z.number().int().min(400).max(599),
        message: z.string().optional(),
      }),
      z.strictObject({ kind: z.literal("hang") }),
    ])
    .optional(),
});

export const fakeScenarioSchema = z.strictObject({
  rules: z.array(fakeRuleSchema),
  /** What GET /v1/models lists. Default: ["fake-model"]. */
  models: z.array(z.string().min(1)).min(1).optional(),
  /** How the embeddings endpoint answers. Default: bag-of-words vectors of 64 numbers, no fault. */
  embeddings: fakeEmbeddingsSchema.optional(),
});

export const appendRulesBodySchema = z.strictObject({ rules: z.array(fakeRuleSchema).min(1) });

export const openGateBodySchema = z.strictObject({ gate: gateNameSchema });

export type FakeMatch = z.infer<typeof fakeMatchSchema>;
export type FakeToolCall = z.infer<typeof fakeToolCallSchema>;
export type FakeReply = z.infer<typeof fakeReplySchema>;
export type FakeFault = z.infer<typeof fakeFaultSchema>;
export type FakeRule = z.infer<typeof fakeRuleSchema>;
export type FakeScenario = z.infer<typeof fakeScenarioSchema>;
export type FakeEmbeddings = z.infer<typeof fakeEmbeddingsSchema>;

/** Parses with a schema or throws one readable error naming every problem. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`fake-openai: invalid ${what}:\n${z.prettifyError(result.error)}`);
  return result.data;
}
