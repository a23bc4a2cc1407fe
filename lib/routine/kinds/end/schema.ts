import { z } from "zod";
import { stepBase, textSchema } from "../../step-base";

/** An end step: finishes the run, optionally naming its outcome. */
export const endStepSchema = z.object({ ...stepBase, kind: z.literal("end"), outcome: textSchema.optional() });
