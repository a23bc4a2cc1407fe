import type { RunStatus } from "../../events";
import type { ExecutionPlan } from "./execution-plan";
import type { RunSnapshot } from "./ports";
import type { Position } from "./position";
import type { RoutineIndex } from "./routine-graph";
import type { TransitionContext } from "./run-transitions";
import { currentStep, entersStage, findStage } from "./stage-graph";
import type { StageHold } from "./stage-requests";

/** The hold on a stage the run's execution plan keeps, if any. */
export function holdOn(execution: ExecutionPlan, stageId: string): StageHold | undefined {
  return execution.mode === "workflow" ? execution.stageHolds?.find((hold) => hold.stageId === stageId) : undefined;
}

/**
 * Before the engine starts a new step that enters a stage: pauses the run when an operator holds that stage. The
 * holds are read from the store (an operator may have added one since the run was loaded); the hold stays until
 * the run is resumed (holdsAfterResume), so a restart before then pauses here again. Returns "paused", or null
 * to go on.
 */
export async function pauseAtHold(
  ctx: TransitionContext,
  position: Extract<Position, { kind: "next" }>,
): Promise<RunStatus | null> {
  const stageId = position.step.stageId;
  const { writer, index } = ctx;
  if (!stageId || !ctx.reload || !entersStage(writer.snapshot, index, stageId)) return null;
  const stored = await ctx.reload();
  const hold = stored ? holdOn(stored.execution, stageId) : undefined;
  if (!hold) return null;
  const name = findStage(index, stageId)?.name ?? stageId;
  const why = hold.reason ? `: ${hold.reason}` : ".";
  await writer.commit({ run: { status: "paused" } }, [
    {
      type: "run.status",
      data: { status: "paused", reason: `Paused before stage "${name}", as ${hold.by} asked${why}` },
    },
  ]);
  return "paused";
}

/**
 * The execution plan once a paused run is resumed: without the hold on the stage the run stands at (the hold has
 * done its work: the run paused before the stage, or an operator paused it there); null when nothing changes.
 */
export function holdsAfterResume(snapshot: RunSnapshot, index: RoutineIndex): ExecutionPlan | null {
  const { execution } = snapshot;
  if (execution.mode !== "workflow" || !execution.stageHolds?.length) return null;
  const stageId = currentStep(snapshot, index)?.step.stageId;
  if (!stageId || !holdOn(execution, stageId)) return null;
  return { ...execution, stageHolds: execution.stageHolds.filter((hold) => hold.stageId !== stageId) };
}
