// The run store's raw statements, for tests and benchmarks that set up or inspect rows directly. Production code
// uses the store's named operations (lib/runs/store/index.ts); a dependency-cruiser rule keeps the SQL files private.
export { auditRunAction } from "../run-audit";
export { insertQueuedRun } from "../run-creation";
export { readRuns, runDialect, writeRuns } from "../run-database";
export { readJson, readRecord, toRunStatus } from "../run-records";
export { readTime, sqlTime } from "../run-sqlite";
export { sqlAll, sqlGet, sqlRun, type SqlProgram } from "../run-sql";
export { applyRunChange } from "../run-writes";
export { readEventsAfter } from "../run-event-relay";
