import "server-only";
import { readRuns, writeRuns } from "./run-database";
import { CLAIMABLE, claimRuns, claimRunsById, freeDeadOwnersLeases } from "./run-leases";
import { completeRunJobs, fetchRunJobs, RUN_QUEUE, RUN_QUEUE_SCHEMA, runBoss } from "./run-queue";
import { sqlTime } from "./run-sqlite";
import { sqlAll, sqlEnqueue } from "./run-sql";
import { batchedCalls } from "./run-batched-calls";

/** A run a worker took with its lease; `done` is called once its execution returned (its queue job is finished). */
export type ClaimedRun = { runId: string; done?: () => Promise<void> };

/** Where a worker finds runs: the run table (SQLite) or the run queue (PostgreSQL's queue mode). */
export type RunWorkSource = {
  /** Takes up to `limit` runnable runs with `owner`'s lease. */
  claim(owner: string, limit: number, leaseMs: number): Promise<ClaimedRun[]>;
  /** The periodic repair: frees dead workers' leases and, with a queue, re-queues runnable runs it lost. */
  sweep(): Promise<void>;
};

/** SQLite: runnable runs are read from the run table, oldest first. */
export const tableWorkSource: RunWorkSource = {
  claim: async (owner, limit, leaseMs) => (await claimRuns(owner, limit, leaseMs)).map((runId) => ({ runId })),
  async sweep() {
    await freeDeadOwnersLeases();
  },
};

/** How many runs one sweep re-queues at most (the next sweep takes the rest). */
const SWEEP_LIMIT = 500;

/**
 * PostgreSQL: jobs are fetched from the run queue and each job's run is taken with a lease. A job whose run needs
 * no worker (finished, or held by a live worker) is completed at once. The sweep re-queues every runnable run that no
 * job waits for: one a dead worker held (its lease expired, its job still active), or one whose job was lost.
 */
export function queueWorkSource(url: string): RunWorkSource {
  // The jobs of runs that finish together (or while the last completion is in flight) are completed by one call.
  const complete = batchedCalls((jobIds: string[]) => completeRunJobs(url, jobIds));
  return {
    async claim(owner, limit, leaseMs) {
      const jobs = await fetchRunJobs(url, limit);
      const taken = new Set(await claimRunsById(owner, [...new Set(jobs.map((job) => job.runId))], leaseMs));
      const claimed: ClaimedRun[] = [];
      const idle: string[] = [];
      for (const job of jobs) {
        // Two jobs for one run (a duplicate): the first carries the run, the other is done at once.
        if (taken.delete(job.runId))
          claimed.push({ runId: job.runId, done: () => complete(job.id).then(() => undefined) });
        else idle.push(job.id);
      }
      await completeRunJobs(url, idle);
      return claimed;
    },
    async sweep() {
      await freeDeadOwnersLeases();
      // The queue's tables exist once pg-boss has started (a new database: this worker's first sweep).
      await runBoss(url);
      const orphans = await readRuns(() =>
        sqlAll<{ id: string }>(
          `SELECT "run"."id" FROM "run" WHERE ${CLAIMABLE} AND NOT EXISTS (SELECT 1 FROM "${RUN_QUEUE_SCHEMA}"."job" ` +
            `WHERE "job"."name" = '${RUN_QUEUE}' AND "job"."state" IN ('created', 'retry') AND "job"."data"->>'runId' = "run"."id") ` +
            `ORDER BY "run"."createdAt" LIMIT ${SWEEP_LIMIT}`,
          { now: sqlTime(new Date()) },
        ),
      );
      if (orphans.length === 0) return;
      await writeRuns(function* () {
        for (const { id } of orphans) yield* sqlEnqueue(id);
      });
    },
  };
}
