import { z } from "zod";
import { idSchema, inputsSchema, outputSchema, stepBase } from "../../step-base";

/** A sub-routine step: runs another published routine as a child run. */
export const routineStepSchema = z.object({
  ...stepBase,
  kind: z.literal("routine"),
  routineId: idSchema,
  inputs: inputsSchema,
  outputs: z.array(outputSchema).default([]),
  /** The actor profile the sub-routine runs as, instead of the child routine's own. */
  actorId: idSchema.optional(),
});
