import "server-only";
import PgBoss from "pg-boss";

// Queue mode on PostgreSQL (issue #17, decision 0029): every time a run becomes runnable (created, approved, resumed,
// woken by a sub-routine) a job naming it goes on the pg-boss queue "run" in the same transaction. Workers on any
// machine fetch jobs, take the run's lease and execute it. The lease stays the guard against two workers executing
// one run; the job only says "this run needs a worker", so a duplicate job is harmless (its claim fails and it is
// completed at once). A sweeper re-queues runnable runs that have no job waiting (a worker died holding one).

/** The pg-boss queue of runs. */
export const RUN_QUEUE = "run";
/** The channel a commit that queued a run notifies, so idle workers fetch at once rather than at their next poll. */
export const RUN_QUEUE_CHANNEL = "run_queue";
/** The schema pg-boss keeps its tables in. */
export const RUN_QUEUE_SCHEMA = "pgboss";

/**
 * A job that stays active this long is given up by pg-boss (its worker is surely gone); the run itself is
 * recovered long before by its lease and the sweeper, so a job is never retried.
 */
const JOB_EXPIRE_SECONDS = 3_600;

export type RunJob = { id: string; runId: string };

type Holder = { url: string; boss: Promise<PgBoss> };
const globalForBoss = globalThis as unknown as { routineStudioRunBoss?: Holder };

/**
 * This process's pg-boss on `url`, started (its schema installed or upgraded, under its own advisory lock) with the
 * run queue created. One per process; a new URL (tests) stops the old one.
 */
export function runBoss(url: string): Promise<PgBoss> {
  const current = globalForBoss.routineStudioRunBoss;
  if (current?.url === url) return current.boss;
  if (current) void current.boss.then((boss) => boss.stop({ graceful: false, wait: false })).catch(() => undefined);
  const boss = startBoss(url);
  globalForBoss.routineStudioRunBoss = { url, boss };
  // A failed start is not kept: the next call tries again (the database may be back).
  boss.catch(() => {
    if (globalForBoss.routineStudioRunBoss?.boss === boss) globalForBoss.routineStudioRunBoss = undefined;
  });
  return boss;
}

async function startBoss(url: string): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: RUN_QUEUE_SCHEMA,
    // Fetching, completing and maintenance only: jobs are inserted on the run store's own connection.
    max: 2,
    // pg-boss's cron scheduling is not used; its maintenance (expiring and archiving jobs) is.
    schedule: false,
    supervise: true,
  });
  // Errors of its background maintenance (the database away for a moment) are retried by pg-boss itself.
  boss.on("error", () => undefined);
  await boss.start();
  if (!(await boss.getQueue(RUN_QUEUE)))
    await boss
      .createQueue(RUN_QUEUE, {
        name: RUN_QUEUE,
        policy: "standard",
        retryLimit: 0,
        expireInSeconds: JOB_EXPIRE_SECONDS,
      })
      // Two processes starting at once: the other one created it.
      .catch(async (error: unknown) => {
        if (!(await boss.getQueue(RUN_QUEUE))) throw error;
      });
  return boss;
}

/** Puts a job for each run on the queue through `executeSql` (the caller's transaction). */
export async function enqueueRuns(
  url: string,
  runIds: readonly string[],
  executeSql: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>,
): Promise<void> {
  if (runIds.length === 0) return;
  const boss = await runBoss(url);
  await boss.insert(
    runIds.map((runId) => ({ name: RUN_QUEUE, data: { runId } })),
    { db: { executeSql } },
  );
}

/** Up to `limit` jobs for this worker (each now active), oldest first; jobs whose data names no run are completed. */
export async function fetchRunJobs(url: string, limit: number): Promise<RunJob[]> {
  if (limit <= 0) return [];
  const boss = await runBoss(url);
  const jobs = await boss.fetch<{ runId?: unknown }>(RUN_QUEUE, { batchSize: limit, priority: false });
  const malformed = jobs.filter((job) => typeof job.data?.runId !== "string").map((job) => job.id);
  if (malformed.length > 0) await boss.complete(RUN_QUEUE, malformed);
  return jobs.flatMap((job) => (typeof job.data?.runId === "string" ? [{ id: job.id, runId: job.data.runId }] : []));
}

/** Marks jobs done (their run ran, or needed no worker); a job pg-boss already expired is left as it is. */
export async function completeRunJobs(url: string, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  const boss = await runBoss(url);
  await boss.complete(RUN_QUEUE, [...jobIds]);
}
