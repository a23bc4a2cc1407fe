// Queue mode on PostgreSQL (issue #17): runs reach workers as pg-boss jobs, inserted in the transaction that makes
// the run runnable, and a sweeper repairs what a dead worker left. Runs in the `postgresql` project only.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../../demo/hr-server";
import { seedDatabase } from "../../../demo/seed";
import { prisma } from "../../../db/core";
import { demoUserId } from "../../../db/testing/review-test-support";
import { sharedToolGateway } from "../../../tool-gateway";
import { BUDGET_DEFAULTS, buildRunWorker, findPublishedRoutine, type RunWorker } from "..";
import { insertQueuedRun } from "../run-creation";
import { readRuns, writeRuns } from "../run-database";
import { sqlAll, sqlRun } from "../run-sql";
import { sqlTime } from "../run-sqlite";
import { queueWorkSource } from "../run-work-sources";
import { leaveInputs, leaveRoutine, publishOverDemoHr, waitForStatus } from "../testing/demo-hr-runs";

let hr: DemoHrHttpServer;
let routineId: string;
const workers: RunWorker[] = [];

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  ({ routineId } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine()));
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await sharedToolGateway().close();
  await hr.close();
});

/** The run queue's jobs for a run: their states, oldest first. */
async function jobsOf(runId: string): Promise<string[]> {
  const rows = await readRuns(() =>
    sqlAll<{ state: string }>(
      `SELECT "state" FROM "pgboss"."job" WHERE "name" = 'run' AND "data"->>'runId' = ? ORDER BY "created_on"`,
      [runId],
    ),
  );
  return rows.map((row) => row.state);
}

/** The insert of a queued run of the routine, as startRun's (minus authorization and input checks). */
async function insertRun(id: string) {
  const published = await findPublishedRoutine(routineId);
  return () =>
    insertQueuedRun({
      id,
      published,
      inputs: leaveInputs(),
      request: null,
      source: "api",
      startedById: null,
      budgets: BUDGET_DEFAULTS,
    });
}

/** Inserts a queued run straight through the run store, as startRun does but without waking this process's worker. */
async function queueRun(fail = false): Promise<string> {
  const id = randomUUID();
  const insert = await insertRun(id);
  await writeRuns(function* () {
    yield* insert();
    if (fail) throw new Error("The transaction fails after the run was inserted.");
  });
  return id;
}

function startWorker(pollMs: number): RunWorker {
  const worker = buildRunWorker({ enabled: true, concurrency: 4, leaseMs: 5_000, pollMs });
  workers.push(worker);
  worker.start();
  return worker;
}

describe("the run queue on PostgreSQL", () => {
  it("gets a job in the transaction that queues the run, and none when that transaction rolls back", async () => {
    const runId = await queueRun();
    expect(await jobsOf(runId)).toEqual(["created"]);

    const before = await prisma.run.count();
    await expect(queueRun(true)).rejects.toThrow(/fails after the run/);
    expect(await prisma.run.count()).toBe(before);
    const orphanJobs = await readRuns(() =>
      sqlAll(
        `SELECT "id" FROM "pgboss"."job" WHERE "name" = 'run' AND NOT EXISTS (SELECT 1 FROM "run" WHERE "run"."id" = "job"."data"->>'runId')`,
      ),
    );
    expect(orphanJobs).toEqual([]);
  });

  it("hands a run queued by another process to an idle worker at once, through its job, and completes the job", async () => {
    // The worker polls once an hour: only the queue's notification can wake it in time.
    const worker = startWorker(3_600_000);
    const runId = await queueRun();
    await waitForStatus(runId, "succeeded", 10_000);
    await vi.waitFor(async () => expect(await jobsOf(runId)).toEqual(["completed"]), { timeout: 5_000 });
    // Stopped, so the tests below see the queue as they leave it.
    await worker.stop();
  });

  it("re-queues a run whose worker died holding it, and leaves alone a run a live worker holds", async () => {
    const dead = randomUUID();
    const live = randomUUID();
    // Both were taken (their jobs are active); one lease ran out, the other is live.
    const inserts = [await insertRun(dead), await insertRun(live)];
    await writeRuns(function* () {
      for (const insert of inserts) yield* insert();
    });
    // (The jobs are inserted when that transaction commits.)
    await writeRuns(function* () {
      yield* sqlRun(
        `UPDATE "pgboss"."job" SET "state" = 'active', "started_on" = now() WHERE "name" = 'run' AND "data"->>'runId' IN (?, ?)`,
        [dead, live],
      );
      yield* sqlRun(
        `UPDATE "run" SET "status" = 'running', "leaseOwner" = 'gone/1/x', "leaseUntil" = ? WHERE "id" = ?`,
        [sqlTime(new Date(Date.now() - 1_000)), dead],
      );
      yield* sqlRun(
        `UPDATE "run" SET "status" = 'running', "leaseOwner" = 'alive/1/x', "leaseUntil" = ? WHERE "id" = ?`,
        [sqlTime(new Date(Date.now() + 60_000)), live],
      );
    });

    await queueWorkSource(process.env.DATABASE_URL!).sweep();
    expect(await jobsOf(dead)).toEqual(["active", "created"]);
    expect(await jobsOf(live)).toEqual(["active"]);
  });

  it("completes a job whose run needs no worker without executing anything", async () => {
    const runId = await queueRun();
    await prisma.run.update({ where: { id: runId }, data: { status: "cancelled" } });
    const claimed = await queueWorkSource(process.env.DATABASE_URL!).claim("test/1/x", 50, 5_000);
    expect(claimed.map((run) => run.runId)).not.toContain(runId);
    expect(await jobsOf(runId)).toEqual(["completed"]);
    expect(await prisma.runEvent.count({ where: { runId } })).toBe(1);
  });
});
