import { z } from "zod";

// Loose objects: the fake checks what it reads and what the real API would refuse, and lets any other field through,
// so a product sending a parameter the fake does not know still gets an answer.
const contentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

const requestToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

const messageSchema = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool", "function"]),
  content: z.union([z.string(), z.array(contentPartSchema), z.null()]).optional(),
  tool_calls: z.array(requestToolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});

const responseFormatSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text") }),
  z.looseObject({ type: z.literal("json_object") }),
  z.looseObject({
    type: z.literal("json_schema"),
    json_schema: z.looseObject({
      name: z.string().min(1),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);

export const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  tools: z
    .array(z.looseObject({ type: z.string(), function: z.looseObject({ name: z.string() }).optional() }))
    .optional(),
  tool_choice: z.unknown().optional(),
  response_format: responseFormatSchema.optional(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type ChatMessage = ChatRequest["messages"][number];

/** The readable text of a message: its content, and for an assistant turn its tool calls' names and arguments. */
export function messageText(message: ChatMessage): string {
  const parts: string[] = [];
  if (typeof message.content === "string") parts.push(message.content);
  else if (Array.isArray(message.content)) {
    for (const part of message.content) if (typeof part.text === "string") parts.push(part.text);
  }
  for (const call of message.tool_calls ?? []) parts.push(call.function.name, call.function.arguments);
  return parts.join("\n");
}
