import type { RunStatus, StepState } from "../../events";

// The engine never executes a planned run's end step (it is drawn from the planner's answer), so no step event moves
// it. It shows how the run ended instead; until then the answer is not final (an operator may still cancel), so pending.
const END_STATE = {
  queued: "pending",
  running: "pending",
  waiting: "pending",
  paused: "pending",
  succeeded: "succeeded",
  failed: "failed",
  cancelled: "cancelled",
} as const satisfies Record<RunStatus, StepState>;

/** The state a planned run's end step (its answer) shows for the run's status: how the run ended, pending before. */
export function plannedEndState(status: RunStatus): StepState {
  return END_STATE[status];
}
