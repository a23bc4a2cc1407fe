import { z } from "zod";

/** The longest reason an operator may give for a step or stage intervention. */
export const MAX_INTERVENTION_REASON = 500;

/**
 * A hold (issue #18): the operator asked the run to pause just before it next enters the stage. Kept on the run's
 * execution plan, which only operators write (under the run's row lock), so a hold never races the engine's commits;
 * the engine reads it when it is about to enter a stage, and a resume from that pause drops it (stage-holds.ts).
 */
export const stageHoldSchema = z.object({
  stageId: z.string().max(100),
  by: z.string().max(200),
  reason: z.string().max(MAX_INTERVENTION_REASON).optional(),
});
export type StageHold = z.infer<typeof stageHoldSchema>;

/**
 * A stage cancel asked for while a worker executes the run: the operator stores it here and sets the run's control
 * to "cancel", which stops the step in flight; the engine, seeing the cancel, finds this request and skips the
 * stage instead of cancelling the run (stage-cancel.ts). `id` tells a request the engine has applied (its skip
 * marks carry it) from a new one.
 */
export const stageCancelRequestSchema = z.object({
  id: z.string().max(100),
  stageId: z.string().max(100),
  by: z.string().max(200),
  reason: z.string().max(MAX_INTERVENTION_REASON).optional(),
});
export type StageCancelRequest = z.infer<typeof stageCancelRequestSchema>;
