// Runs as people see and steer them: start, read, control, intervene. Authorized here; persisted by lib/run-service.
import "server-only";
export { controlRun } from "./run-controls";
export { getRunModel } from "./run-costs";
export { getRunForm } from "./run-forms";
export { decideHumanStep, rerunFromStep, retryStep } from "./run-interventions";
export { canViewRun, getRun, listRunEvents, listRuns, readRunVariable } from "./run-views";
export type { RunSummary, RunView } from "./run-views";
export { RUN_NOT_FOUND } from "./run-visibility";
export { startRun } from "./runs";
export { startPlannedRun, startPlannedRunInput } from "./run-planned";
