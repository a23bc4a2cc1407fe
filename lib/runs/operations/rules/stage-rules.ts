import { isFinished } from "../../../events";
import { pendingControlProblem, runControlProblem, WORKER_BUSY, type RunFacts } from "./run-control-rules";

/** What an operator does to one stage of a workflow run. */
export type StageAction = "pause" | "cancel" | "retry";

/**
 * What the rules read of a stage. `position`: the run stands in the stage now ("in"), it ran and the run has left it
 * ("passed"), or the run has not reached it ("ahead"). `held` and `cancelProblem` (the engine's graph check: a
 * stage with several ways out, say) only the server knows; the view leaves them out.
 */
export type StageFacts = {
  name: string;
  position: "in" | "passed" | "ahead";
  /** The run already pauses before the stage (a hold). */
  held?: boolean;
  /** Why the engine cannot cancel the stage, or null when it can. */
  cancelProblem?: string | null;
};

const finishedStagesRun = (run: RunFacts) =>
  isFinished(run.status) ? `This run has already finished (${run.status}); its stages cannot change now.` : null;

/**
 * Why the operator may not pause, cancel or retry the stage now, in words they act on; null when they may. The
 * server refuses with this text (ConflictError); the run view disables the button and writes the text beside it.
 * - pause: in the stage, the run's own pause; ahead of it, a hold (the run pauses before entering it).
 * - cancel: the run must stand in the stage (a paused run may stand just before it) and not be finished.
 * - retry: a run not queued or running, whose stage has run.
 */
export function stageControlProblem(action: StageAction, run: RunFacts, stage: StageFacts): string | null {
  switch (action) {
    case "pause":
      return finishedStagesRun(run) ?? stagePauseProblem(run, stage);
    case "cancel":
      return stageCancelRuleProblem(run, stage);
    case "retry":
      if (run.status === "queued" || run.status === "running") return "Pause the run before retrying a stage.";
      if (run.executing) return WORKER_BUSY;
      if (stage.position === "ahead") return `Stage "${stage.name}" has not run yet; there is nothing to retry.`;
      return null;
  }
}

function stagePauseProblem(run: RunFacts, stage: StageFacts): string | null {
  if (stage.position === "in") return runControlProblem("pause", run);
  if (stage.position === "passed") return "This stage has finished.";
  if (run.control === "cancel") return pendingControlProblem(run.control);
  if (stage.held) return `The run already pauses before stage "${stage.name}".`;
  return null;
}

function stageCancelRuleProblem(run: RunFacts, stage: StageFacts): string | null {
  if (stage.position === "passed") return "This stage has finished.";
  const finished = finishedStagesRun(run);
  if (finished) return finished;
  // A run paused by a hold stands just before the stage: the engine's check says whether it counts as in it.
  if (stage.position === "ahead" && run.status !== "paused")
    return `The run has not reached stage "${stage.name}"; pause it there first.`;
  if (stage.cancelProblem) return stage.cancelProblem;
  if (!run.executing) return null;
  if (run.status !== "queued" && run.status !== "running") return WORKER_BUSY;
  return pendingControlProblem(run.control);
}
