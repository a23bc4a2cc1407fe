// What an operator may do to a run now (pause, resume, cancel; retry, skip, re-run or decide a step; pause, cancel
// or retry a stage), as pure rules over what is known of the run. The server's checks (lib/runs/operations) and the
// run view's buttons (components/runs) call the same functions, so they cannot disagree; each returns the refusal
// in the words an operator acts on, or null. Browser-safe: no server-only, no database.
export {
  cancelInFlightProblem,
  finishedRunProblem,
  pendingControlProblem,
  runControlProblem,
  WORKER_BUSY,
  type RunControlAction,
  type RunFacts,
} from "./run-control-rules";
export {
  decideStepProblem,
  rerunStepProblem,
  retryStepProblem,
  skipStepProblem,
  type RunMode,
  type StepFacts,
} from "./step-rules";
export { stageControlProblem, type StageAction, type StageFacts } from "./stage-rules";
