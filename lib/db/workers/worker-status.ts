// Pure: what a worker row says about its process. No database, so the health check and the workers page agree.

/** How often a worker beats by default (RUN_HEARTBEAT_MS overrides it). */
export const HEARTBEAT_DEFAULT_MS = 5_000;

/** A worker is alive while its last beat is at most this many beats old: one late beat is not a lost worker. */
export const BEATS_BEFORE_LOST = 3;

/** Stopped and lost workers' rows are deleted after a day, so the table holds what operators still look at. */
export const WORKER_ROW_RETENTION_MS = 24 * 60 * 60 * 1000;

/** alive: beating; lost: no beat for BEATS_BEFORE_LOST beats (killed, hung, cut off); stopped: shut down cleanly. */
export type RunWorkerStatus = "alive" | "lost" | "stopped";

/** RUN_HEARTBEAT_MS when it is a positive integer, else the default. Workers and readers must agree on it. */
export function heartbeatMsFrom(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.RUN_HEARTBEAT_MS?.trim() || NaN);
  return Number.isSafeInteger(value) && value > 0 ? value : HEARTBEAT_DEFAULT_MS;
}

/** The oldest last beat that still counts as alive at `now`. */
export function aliveSince(now: Date, heartbeatMs: number): Date {
  return new Date(now.getTime() - BEATS_BEFORE_LOST * heartbeatMs);
}

/** What a worker row says at `now`: stopped if it said goodbye, alive if it beat recently, lost otherwise. */
export function workerStatus(
  row: { heartbeatAt: Date; stoppedAt: Date | null },
  now: Date,
  heartbeatMs: number,
): RunWorkerStatus {
  if (row.stoppedAt) return "stopped";
  return row.heartbeatAt.getTime() >= aliveSince(now, heartbeatMs).getTime() ? "alive" : "lost";
}
