import { z } from "zod";
import { contextSettingsSchema } from "../../context-modes";
import { stageCancelRequestSchema, stageHoldSchema } from "./stage-requests";

/**
 * How a run executes (stored on the run as JSON); planned runs are described at their variant below. Workflow mode: the engine walks the routine's graph and calls each
 * step's tool, the model fills only what the routine leaves open. Agent mode (the paper's set-up): the executor model
 * reads the routine and decides every call itself; `routine` says what of the routine its prompt carries —
 * "full" (the paper text), "ablated" (step names only: no tool names, no input/output descriptions) or "none" (the
 * paper's baseline: no routine, every tool of the catalog) — and `distractorVersionIds` other routines put beside it.
 */
export const executionPlanSchema = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("workflow"),
    model: z.string().max(200).optional(),
    /** How much of the run the executor's prompt carries; absent: the engine's defaults. */
    context: contextSettingsSchema.optional(),
    /** The actor profile the run works as (its routine's, or the sub-routine step's that started it). */
    actorId: z.string().max(64).optional(),
    /** Stages the run pauses before (operators' holds; stage controls work on workflow runs only). */
    stageHolds: z.array(stageHoldSchema).max(100).optional(),
    /** A stage cancel waiting for the worker that executes the run. */
    stageCancel: stageCancelRequestSchema.optional(),
  }),
  z.object({
    mode: z.literal("agent"),
    routine: z.enum(["full", "ablated", "none"]).default("full"),
    context: contextSettingsSchema.optional(),
    distractorVersionIds: z.array(z.string()).max(5).default([]),
    /** Another model of the executor's endpoint than the configured one. */
    model: z.string().max(200).optional(),
    actorId: z.string().max(64).optional(),
  }),
  /**
   * A planned run (Aime's dynamic planner, issue #16): no routine. The planner model keeps a progress list of tasks
   * with completion criteria and hands one task at a time to an actor profile whose toolkit fits; it re-plans on
   * every result and stops when the request is met, or after `maxRounds` planner answers.
   */
  z.object({
    mode: z.literal("planned"),
    maxRounds: z.number().int().min(1).max(400).default(24),
    /** Model turns one actor may take on one task before the task is reported as unfinished. */
    maxTurnsPerTask: z.number().int().min(1).max(50).default(8),
  }),
]);
export type ExecutionPlan = z.infer<typeof executionPlanSchema>;

export const WORKFLOW_PLAN: ExecutionPlan = { mode: "workflow" };

/** The plan stored on a run; an unreadable one falls back to workflow mode, the safe default. */
export function readExecutionPlan(json: string | null | undefined): ExecutionPlan {
  if (!json) return WORKFLOW_PLAN;
  try {
    const parsed = executionPlanSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : WORKFLOW_PLAN;
  } catch {
    return WORKFLOW_PLAN;
  }
}
