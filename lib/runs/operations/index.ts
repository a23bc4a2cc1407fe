// Runs as people see and steer them: start, read, control, intervene. Authorized here; persisted by lib/runs/store.
import "server-only";
export { controlRun } from "./run-controls";
export { getChildRun } from "./run-children";
export { getRunModel } from "./run-costs";
export { getRunForm } from "./run-forms";
export { decideHumanStep, retryStep, skipStep } from "./run-interventions";
export { rerunFromStep } from "./run-rerun";
export { controlStage, type StageControlAction, type StageControlEffect } from "./run-stage-controls";
export { canViewRun, getRun, listRunEvents, listRuns, readRunVariable } from "./run-views";
export type { RunSummary, RunView } from "./run-views";
export { RUN_NOT_FOUND } from "./run-visibility";
export { startRun } from "./runs";
export {
  contextChoiceSchema,
  contextSettingsInEffect,
  getRunContextSettings,
  RUN_CONTEXT_KEY,
  updateRunContextSettings,
} from "./run-context-settings";
export type { ContextChoice, RunContextSettingsView } from "./run-context-settings";
export { startPlannedRun, startPlannedRunInput } from "./run-planned";
