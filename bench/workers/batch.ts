import { queueRuns, storedEvents } from "../runner/database";
import { watchRun, type Watcher } from "../runner/sse-client";
import { measureCpu, type CpuUse } from "./cpu-usage";
import { lifecycles, openConnections, statusCounts } from "./run-reads";

// One batch of the worker benchmark: queue many runs at once, follow some of them over SSE through the web server
// while the worker processes execute them all, and read back from the run_event rows what each run waited and took.

/** `database`: the bench database's name, whose PostgreSQL backends count as the database's CPU. */
export type BatchContext = { baseUrl: string; token: string; routineId: string; database: string };

export type BatchSample = {
  workers: number;
  runs: number;
  stepsPerRun: number;
  /** Queueing all runs at once (a transaction each, all started together), from the call to its return. */
  queueMs: number;
  /** From the start of queueing to the last run.finished event's commit time. */
  wallMs: number;
  /** Per run: its first run.started − its run.queued (commit times). */
  queueWaitsMs: number[];
  /** Per run: when it was queued, started and finished, in ms from the start of queueing (the batch's timeline). */
  timelineMs: Array<[queued: number, started: number, finished: number]>;
  /** Per watcher and event committed after its replay arrived: receive time − the event's `at`. */
  sseLatenciesMs: number[];
  watchedRuns: number;
  /** Stored events of the watched runs that their watcher never received. */
  sseLost: number;
  sseDuplicated: number;
  /** The most connections open to the bench database at once (sampled every POLL_MS). */
  peakConnections: number;
  /** Cores each role kept busy from queueing until the last run finished (null off Linux). */
  cpu: CpuUse | null;
};

const POLL_MS = 100;

/**
 * Resolves when every run has finished, with the most connections seen open to the database meanwhile; throws at
 * once when a run did not succeed, or after `timeoutMs`.
 */
async function untilAllFinished(runIds: string[], timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let peakConnections = 0;
  for (;;) {
    peakConnections = Math.max(peakConnections, await openConnections());
    const counts = await statusCounts(runIds);
    const unsuccessful = (counts.get("failed") ?? 0) + (counts.get("cancelled") ?? 0);
    if (unsuccessful > 0)
      throw new Error(`${unsuccessful} run(s) did not succeed: ${describe(counts)}. ${await whyUnsuccessful(runIds)}`);
    if ((counts.get("succeeded") ?? 0) === runIds.length) return peakConnections;
    if (Date.now() > deadline)
      throw new Error(`Not every run finished within ${timeoutMs / 1000} s: ${describe(counts)}.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The errors the unsuccessful runs finished with, each once with how many runs it ended. */
async function whyUnsuccessful(runIds: string[]): Promise<string> {
  const errors = new Map<string, number>();
  for (const life of await lifecycles(runIds))
    if (life.status !== "succeeded")
      errors.set(life.error ?? life.status, (errors.get(life.error ?? life.status) ?? 0) + 1);
  const text = [...errors].map(([error, runs]) => `${runs} × ${error}`).join("; ");
  // Each worker process holds up to ~20 connections (run store, Prisma, pg-boss, listeners): say what to change.
  return /too many (clients|database connections)/i.test(text)
    ? `${text}\nPostgreSQL ran out of connections: raise its max_connections, lower RUN_DB_POOL_MAX, or stop ` +
        "whatever else uses that server."
    : text;
}

const describe = (counts: Map<string, number>) =>
  [...counts].map(([status, runs]) => `${runs} ${status}`).join(", ") || "no runs found";

/** Every `runs / count`-th id, so early and late runs of the batch are both watched. */
function spread(ids: string[], count: number): string[] {
  const every = ids.length / Math.min(count, ids.length);
  return Array.from({ length: Math.min(count, ids.length) }, (_, index) => ids[Math.floor(index * every)]!);
}

/**
 * Latencies of the events a watcher received live: those committed after its first event arrived (the replay of
 * what was stored before it connected is not latency), as receive time − commit time. Also what it lost or got twice.
 */
async function watcherResult(runId: string, watcher: Watcher) {
  const stored = await storedEvents(runId);
  const connectedAt = Math.min(...watcher.received.map((event) => event.receivedAt));
  const seen = new Map<number, number>();
  const latenciesMs: number[] = [];
  for (const event of watcher.received) {
    seen.set(event.seq, (seen.get(event.seq) ?? 0) + 1);
    if (event.at > connectedAt) latenciesMs.push(event.receivedAt - event.at);
  }
  const lost = stored.filter((row) => !seen.has(row.seq)).length;
  const duplicated = [...seen.values()].reduce((sum, copies) => sum + copies - 1, 0);
  return { latenciesMs, lost, duplicated };
}

/**
 * Queues `runs` runs of the routine at once, opens an SSE stream (the operator's token) on `watchers` of them right
 * after, waits until every run succeeded (failing loudly when one did not) and every stream ended, and measures.
 */
export async function measureBatch(
  context: BatchContext,
  options: { workers: number; runs: number; stepsPerRun: number; watchers: number; timeoutMs: number },
): Promise<BatchSample> {
  const cpuUse = measureCpu(context.database);
  const queuedAt = Date.now();
  const runIds = await queueRuns(context.routineId, options.runs, { seed: "workers" });
  const queueMs = Date.now() - queuedAt;
  const watched = spread(runIds, options.watchers).map((runId) => ({
    runId,
    watcher: watchRun(context.baseUrl, runId, context.token),
  }));
  try {
    const peakConnections = await untilAllFinished(runIds, options.timeoutMs);
    const cpu = cpuUse?.() ?? null;
    await Promise.all(watched.map(({ watcher }) => watcher.ended));
    const lives = await lifecycles(runIds);
    if (lives.length !== runIds.length)
      throw new Error(`Only ${lives.length} of ${runIds.length} runs have queued, started and finished events.`);
    const results = await Promise.all(watched.map(({ runId, watcher }) => watcherResult(runId, watcher)));
    return {
      workers: options.workers,
      runs: options.runs,
      stepsPerRun: options.stepsPerRun,
      queueMs,
      wallMs: Math.max(...lives.map((life) => life.finishedAt)) - queuedAt,
      queueWaitsMs: lives.map((life) => life.startedAt - life.queuedAt),
      timelineMs: lives.map((life) => [
        life.queuedAt - queuedAt,
        life.startedAt - queuedAt,
        life.finishedAt - queuedAt,
      ]),
      sseLatenciesMs: results.flatMap((result) => result.latenciesMs),
      watchedRuns: watched.length,
      sseLost: results.reduce((sum, result) => sum + result.lost, 0),
      sseDuplicated: results.reduce((sum, result) => sum + result.duplicated, 0),
      peakConnections,
      cpu,
    };
  } finally {
    for (const { watcher } of watched) watcher.close();
  }
}
