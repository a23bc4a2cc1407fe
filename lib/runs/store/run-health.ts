import "server-only";
import { errorMessage } from "../engine";
import { heartbeatMsFrom, pingDatabase, readQueueAndWorkers, type QueueAndWorkers } from "../../db/workers";
import { telemetryStatus } from "../../telemetry";

// The public health answer (GET /api/health) for load balancers and monitors: whether the database answers, whether
// queued runs are being picked up, and whether any run worker beats. Counts and ages only: no hosts, pids or ids.

/** Queued runs older than this, with no worker seen, mean runs are stuck: the service is degraded. */
export const STALE_QUEUE_SECONDS = 60;

export type HealthCheck<T> = ({ ok: true } & T) | ({ ok: false; reason: string } & Partial<T>);

export type HealthAssessment = {
  /** ok: all is well; degraded: the app answers but runs are not picked up; down: the database does not answer. */
  status: "ok" | "degraded" | "down";
  checks: {
    database: HealthCheck<{ latencyMs: number }>;
    queue: HealthCheck<{ queued: number; oldestQueuedSeconds: number | null }>;
    workers: HealthCheck<{ seenRecently: number }>;
  };
};

/**
 * The assessment, and this process's trace export figures: whether traces are sent, and how many spans were sent,
 * dropped (a full queue, a receiver that is down) or failed. They never change the status: traces are not runs.
 */
export type HealthReport = HealthAssessment & {
  traces: { enabled: boolean; exportedSpans: number; droppedSpans: number; exportFailures: number };
};

/** What was observed: the database ping, and the queue and workers read (absent when the database failed). */
export type HealthObservation =
  | { database: { ok: false; reason: string }; queueAndWorkers?: undefined }
  | { database: { ok: true; latencyMs: number }; queueAndWorkers: QueueAndWorkers };

/**
 * The health verdict from observations at `now`. Down when the database does not answer; degraded when runs have
 * waited longer than `staleQueueSeconds` and no worker has beaten recently; otherwise ok. No worker with nothing
 * waiting is reported in the workers check but is not degraded: a web server with RUN_WORKER=off is healthy until
 * work piles up.
 */
export function assessHealth(
  observed: HealthObservation,
  now: Date,
  staleQueueSeconds: number = STALE_QUEUE_SECONDS,
): HealthAssessment {
  if (observed.queueAndWorkers === undefined) {
    const reason = "not checked: the database does not answer";
    return {
      status: "down",
      checks: { database: observed.database, queue: { ok: false, reason }, workers: { ok: false, reason } },
    };
  }
  const { queued, oldestQueuedAt, workersSeen } = observed.queueAndWorkers;
  const oldestQueuedSeconds =
    oldestQueuedAt === null ? null : Math.max(0, Math.floor((now.getTime() - oldestQueuedAt.getTime()) / 1000));
  const stuck = workersSeen === 0 && oldestQueuedSeconds !== null && oldestQueuedSeconds > staleQueueSeconds;
  const queue: HealthAssessment["checks"]["queue"] = stuck
    ? {
        ok: false,
        queued,
        oldestQueuedSeconds,
        reason: `runs have waited over ${staleQueueSeconds} s and no run worker has been seen recently`,
      }
    : { ok: true, queued, oldestQueuedSeconds };
  const workers: HealthAssessment["checks"]["workers"] =
    workersSeen > 0
      ? { ok: true, seenRecently: workersSeen }
      : { ok: false, seenRecently: 0, reason: "no run worker has sent a heartbeat recently" };
  return { status: stuck ? "degraded" : "ok", checks: { database: observed.database, queue, workers } };
}

export type HealthProbes = {
  ping: () => Promise<{ latencyMs: number }>;
  read: (now: Date, heartbeatMs: number) => Promise<QueueAndWorkers>;
};

const DATABASE_PROBES: HealthProbes = { ping: pingDatabase, read: readQueueAndWorkers };

/**
 * Checks the database, the queue and the workers now. Never throws: a failing database is the "down" answer, whose
 * cause is logged here and not sent to the public (it can name files and servers).
 */
export async function checkHealth(
  options: { probes?: HealthProbes; now?: Date; heartbeatMs?: number; log?: Pick<Console, "error"> } = {},
): Promise<HealthReport> {
  const { probes = DATABASE_PROBES, now = new Date(), log = console } = options;
  let observed: HealthObservation;
  try {
    const { latencyMs } = await probes.ping();
    const queueAndWorkers = await probes.read(now, options.heartbeatMs ?? heartbeatMsFrom());
    observed = { database: { ok: true, latencyMs }, queueAndWorkers };
  } catch (error) {
    log.error(`[health] the database check failed: ${errorMessage(error)}`);
    observed = { database: { ok: false, reason: "the database does not answer" } };
  }
  const { enabled, exportedSpans, droppedSpans, exportFailures } = telemetryStatus();
  return { ...assessHealth(observed, now), traces: { enabled, exportedSpans, droppedSpans, exportFailures } };
}
