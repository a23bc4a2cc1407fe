// Run worker processes as operators see them: each worker's heartbeats (its own unchecked writes), the admins'
// list with a derived status, and the counts the public health endpoint reports.
import "server-only";
export { beatRunWorker, markRunWorkerStopped, pruneRunWorkers, registerRunWorker } from "./worker-heartbeats";
export type { WorkerIdentity } from "./worker-heartbeats";
export { listRunWorkers } from "./worker-list";
export type { RunWorkerView } from "./worker-list";
export { pingDatabase, readQueueAndWorkers } from "./worker-health";
export type { QueueAndWorkers } from "./worker-health";
export {
  aliveSince,
  BEATS_BEFORE_LOST,
  HEARTBEAT_DEFAULT_MS,
  heartbeatMsFrom,
  WORKER_ROW_RETENTION_MS,
  workerStatus,
} from "./worker-status";
export type { RunWorkerStatus } from "./worker-status";
