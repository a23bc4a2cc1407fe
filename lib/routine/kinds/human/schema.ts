import { z } from "zod";
import { paramSchema, stepBase, textSchema } from "../../step-base";

/** A human step: waits for a person to approve or fill its form. */
export const humanStepSchema = z.object({
  ...stepBase,
  kind: z.literal("human"),
  instruction: textSchema.default(""),
  /** Empty: approve or reject. Otherwise the operator fills these fields, which become the step's outputs. */
  form: z.array(paramSchema).default([]),
});
