// A planned run (no routine, a planner's task list) as a routine: the graph of what ran for the run canvas, and the
// routine draft an ad-hoc run that succeeded becomes. Browser-safe: imports only lib/routine and lib/events.
export {
  callLabel,
  PLANNED_END_STEP_ID,
  PLANNED_RESULT_OUTPUT,
  plannedRunRoutine,
  type PlannedCall,
} from "./planned-graph";
export { plannedEndState } from "./end-state";
export { draftFromPlannedRun, type DraftInput, type DraftResult } from "./draft-from-run";
export { emptyPlannedRoutine, PLANNED_RUN_NAME } from "./empty-routine";
