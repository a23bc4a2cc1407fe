// The run store: the one place a run is persisted and executed. It implements the engine's ports (store, writes,
// leases, wake-ups, tool and model ports) and runs the worker, with no request context, so a worker process or another
// machine can host it. Its SQL stays inside (run-sql, run-database, run-sqlite, run-postgres: a dependency-cruiser
// rule); callers use the named operations below. Tests and benchmarks reach the raw statements through testing/.
import "server-only";
export { BUDGET_DEFAULTS, defaultBudgets } from "./run-budgets";
export { cancelAtRest, REQUEUED_RUN, since, writeControl } from "./run-control-writes";
export type { ControlReads, ControlWrite, ControlledRun } from "./run-control-writes";
export { findPublishedRoutine, findRoutineVersion } from "./run-creation";
export type { PublishedRoutine, QueuedRun } from "./run-creation";
export { agentModeProblem } from "./run-agent-mode";
export { withRunActor } from "./run-actors";
export { runCalendar } from "./run-calendar";
export { claimRuns, releaseLease } from "./run-leases";
export {
  readJson as readStoredJson,
  readRecord as readRunOutputs,
  storedRunEvent,
  toRunStatus as readRunStatus,
} from "./run-records";
export { queueRun, type RunStartRecords } from "./run-starts";
export { createRunStore, loadRunSnapshot, RUN_NOT_FOUND } from "./run-store";
export { createRegistryToolPort } from "./run-tool-port";
export { startRunEventRelay, stopRunEventRelay } from "./run-event-relay";
export { onRunControl, onRunWork, signalRunControl, wakeRunWorker } from "./run-wake";
export { processOwnerId } from "./run-worker";
export { buildRunWorker, runWorkerConfig, startRunWorker, stopRunWorker } from "./run-worker-process";
export { startRunWorkerOnStartup, stopRunWorkerOnSignal } from "./run-worker-startup";
export type { RunWorker, RunWorkerStopOptions } from "./run-worker";
export { assessHealth, checkHealth, STALE_QUEUE_SECONDS } from "./run-health";
export type { HealthAssessment, HealthObservation, HealthProbes, HealthReport } from "./run-health";
