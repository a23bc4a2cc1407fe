import { z } from "zod";
import { inputsSchema, outputSchema, stepBase, textSchema, toolRefSchema } from "../../step-base";

/** A tool step: calls exactly one catalog tool with bound inputs, optionally after a person approves the call. */
export const toolStepSchema = z.object({
  ...stepBase,
  kind: z.literal("tool"),
  tool: toolRefSchema,
  inputs: inputsSchema,
  outputs: z.array(outputSchema).default([]),
  /** When the step counts as done, in words the executor and the progress list use. */
  completion: textSchema.optional(),
  timeoutMs: z.number().int().min(100).max(3_600_000).optional(),
  retry: z
    .object({ maxAttempts: z.number().int().min(1).max(10), backoffMs: z.number().int().min(0).max(600_000) })
    .optional(),
  requiresApproval: z.boolean().default(false),
});
