import { z } from "zod";
import { inputsSchema, outputSchema, stepBase, textSchema } from "../../step-base";

/** A skill step: the executor model thinks or writes, calling no tool. */
export const skillStepSchema = z.object({
  ...stepBase,
  kind: z.literal("skill"),
  instruction: textSchema.default(""),
  inputs: inputsSchema,
  outputs: z.array(outputSchema).default([]),
  completion: textSchema.optional(),
});
