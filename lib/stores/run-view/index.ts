// The run view's client state: the run as its event stream tells it, per-step views, selectors and formatting.
export { parseEditedInput, rerunFormOf, rerunInputOf, type FixedArgumentView } from "./edit-input";
export { elapsedMs, formatBytes, formatCost, formatDuration, formatTokens } from "./format";
export { connectRunStream } from "./run-stream-client";
export type { AgentLogEntry, RunHeaderView, RunViewSnapshot, StepView, UnreadableEventView } from "./run-view-state";
export type { PlannedView } from "./planned-view";
export type { PastExecution } from "./past-executions";
export type { RunLogEntry } from "./run-log";
export { callOutsideSteps } from "./agent-log";
export { createRunViewStore } from "./run-view-store";
export type { RunViewStore, RunViewStoreState } from "./run-view-store";
export {
  progressStepIds,
  progressSummary,
  selectAgentLog,
  selectConnection,
  selectEdgeTaken,
  selectExtraStepIds,
  selectHeader,
  selectNodeRunView,
  selectPlan,
  selectPlanChange,
  selectProgressCounts,
  selectRunLog,
  selectRunMode,
  selectSelectedStep,
  selectTaskCalls,
  selectTaskStatus,
  taskCounts,
  type ProgressCounts,
} from "./selectors";
