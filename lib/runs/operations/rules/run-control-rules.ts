import { isFinished, type RunStatus } from "../../../events";
import type { RunControl } from "../../engine";

/** What an operator does to a whole run from its header. */
export type RunControlAction = "pause" | "resume" | "cancel";

/**
 * What the rules read of a run. The run view knows its status; whether a worker holds the run now and which control
 * request waits for that worker only the server knows, so the view leaves them out and the rule skips them.
 */
export type RunFacts = {
  status: RunStatus;
  /** A worker holds the run's lease: it is executing the run, or about to (server only). */
  executing?: boolean;
  /** The control request stored for the worker executing the run (server only). */
  control?: RunControl;
};

/** A worker holds the run but is leaving it (it just paused, waits or failed): a moment later the run is at rest. */
export const WORKER_BUSY = "A worker is still finishing with this run; try again in a moment.";

/** Why a finished run cannot be `doing` ("paused", "edited" …), or null for a run not finished. */
export function finishedRunProblem(status: RunStatus, doing: string): string | null {
  if (!isFinished(status)) return null;
  const ended = status === "succeeded" ? "succeeded" : status === "failed" ? "failed" : "been cancelled";
  return `This run has already ${ended}; it cannot be ${doing}.`;
}

/** What a pending control request means to an operator who asks for something else meanwhile. */
export function pendingControlProblem(control: RunControl | undefined): string | null {
  switch (control) {
    case "pause":
      return "A pause is already requested: the run pauses after the current step.";
    case "cancel":
      return "This run is being cancelled.";
    case "cancel-stage":
      return "A stage of this run is being cancelled; try again once that has taken effect (a moment).";
    default:
      return null;
  }
}

/**
 * Why a cancel request cannot go to the worker executing the run: one is pending already, or a stage cancel is (which
 * the engine may be applying now, and would clear a second request). Null for a run at rest.
 */
export function cancelInFlightProblem(run: RunFacts): string | null {
  if (!run.executing) return null;
  if (run.control === "cancel") return "This run is already being cancelled.";
  if (run.control === "cancel-stage") return pendingControlProblem(run.control);
  return null;
}

/**
 * Why the operator may not pause, resume or cancel the run now, in words they act on; null when they may. The server
 * refuses with this text (ConflictError); the run view's header offers only the controls it allows.
 */
export function runControlProblem(action: RunControlAction, run: RunFacts): string | null {
  switch (action) {
    case "pause":
      return (
        finishedRunProblem(run.status, "paused") ??
        (run.status === "paused" ? "This run is already paused." : null) ??
        (run.executing ? pendingControlProblem(run.control) : null)
      );
    case "resume":
      if (isFinished(run.status)) return finishedRunProblem(run.status, "resumed");
      if (run.status === "paused") return null;
      return run.control === "pause"
        ? "This run is pausing after its current step; resume it once it has paused."
        : "This run is not paused.";
    case "cancel":
      return finishedRunProblem(run.status, "cancelled") ?? cancelInFlightProblem(run);
  }
}
