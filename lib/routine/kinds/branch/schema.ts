import { z } from "zod";
import { stepBase } from "../../step-base";

/** A branch step: its outgoing edges carry the conditions; the step itself holds only the common fields. */
export const branchStepSchema = z.object({ ...stepBase, kind: z.literal("branch") });
