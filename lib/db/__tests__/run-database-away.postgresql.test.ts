// Issue #17: the database goes away in the middle of runs and comes back. A worker process reaches PostgreSQL through
// a TCP proxy; the test cuts it (every connection reset, new ones refused) while runs are between steps and in tool
// calls, then restores it. Then the server ends the worker's sessions itself, as a restart or failover does, and is
// back at once. Each time the runs must resume and finish, with no step and no side effect done twice.
// PostgreSQL only (the `postgresql` project): a SQLite file cannot go away.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FINISHED_RUN_STATUSES } from "../../events";
import { sharedToolGateway } from "../../tool-gateway";
import { buildHrDataset } from "../../demo/hr-server";
import { seedDatabase } from "../../demo/seed";
import { prisma } from "../core";
import { startRun } from "../../runs/operations";
import { as, demoUserId } from "../testing/review-test-support";
import { stopChild, type Child } from "../../runs/store/testing/child-process";
import {
  BOOKING_SIDE_EFFECTS,
  bookingWithEmails,
  startDemoHrProcess,
  startWorkerProcess,
} from "../../runs/store/testing/worker-processes";
import {
  describeRuns,
  expectedSideEffects,
  runProblems,
  sideEffectProblems,
  type CountedSideEffect,
} from "../../runs/store/testing/chaos-checks";
import { publishOverDemoHr } from "../../runs/store/testing/demo-hr-runs";
import { startTcpProxy, type TcpProxy } from "../../runs/store/testing/tcp-proxy";
import { signedIn } from "../../../test/request-context";

const RUNS = 10;
/** Tool calls answer after a random 0–LATENCY_MS ms, so the outage finds some runs inside a call. */
const LATENCY_MS = 300;
/** Short, so that runs whose worker lost its database are taken up again soon after it is back. */
const LEASE_MS = 2_500;
const OUTAGE_MS = 2_500;
/** The outage begins once this many steps succeeded: the runs have progressed, and most are still going. */
const CUT_AFTER_STEPS = 4;
const FINISH_WITHIN_MS = 15_000;
/** Names the worker's sessions on the server, so the test can end those and no others. */
const WORKER_APPLICATION = "run-database-away-worker";

const routine = bookingWithEmails("Database away: book leave with emails");

let demo: Child | undefined;
let worker: Child | undefined;
let proxy: TcpProxy | undefined;
let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const direct = new URL(process.env.DATABASE_URL!);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(direct);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  proxied.searchParams.set("application_name", WORKER_APPLICATION);
  [demo, worker] = await Promise.all([
    startDemoHrProcess(["--latency-ms", String(LATENCY_MS)]),
    startWorkerProcess({
      ...process.env,
      DATABASE_URL: proxied.toString(),
      RUN_POLL_MS: "100",
      RUN_LEASE_MS: String(LEASE_MS),
      RUN_WORKER_CONCURRENCY: "6",
    }),
  ]);
  ({ routineId } = await publishOverDemoHr(demo.match[1]!, await demoUserId("author"), routine));
}, 60_000);

afterAll(async () => {
  await stopChild(worker);
  await stopChild(demo);
  await proxy?.close();
  await sharedToolGateway().close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts RUNS runs as an operator would, each booking another active employee's leave on `date` (free for all). */
async function startRuns(date: string): Promise<string[]> {
  await as("operator");
  const employees = buildHrDataset().employees.filter((employee) => employee.status === "active");
  const runIds: string[] = [];
  for (const employee of employees.slice(0, RUNS)) {
    const inputs = { employee_id: employee.id, start_date: date, end_date: date };
    runIds.push((await startRun(signedIn(), { routineId, inputs })).runId);
  }
  return runIds;
}

const readRuns = (runIds: string[]) =>
  prisma.run.findMany({
    where: { id: { in: runIds } },
    select: { id: true, status: true, leaseOwner: true, leaseUntil: true },
  });
const readEvents = (runIds: string[]) =>
  prisma.runEvent.findMany({
    where: { runId: { in: runIds } },
    select: { runId: true, seq: true, type: true, payload: true },
  });
const unfinishedCount = (runIds: string[]) =>
  prisma.run.count({ where: { id: { in: runIds }, status: { notIn: [...FINISHED_RUN_STATUSES] } } });
const succeededSteps = (runIds: string[]) =>
  prisma.stepRun.count({ where: { runId: { in: runIds }, state: "succeeded", stepId: { not: "done" } } });

/** Polls until `done` holds; past the deadline, or when the worker died, fails showing what the worker printed. */
async function until(done: () => Promise<boolean>, runIds: string[], deadline: number, what: string): Promise<void> {
  while (!(await done())) {
    const { exitCode, signalCode } = worker!.process;
    if (exitCode !== null || signalCode !== null)
      throw new Error(`The worker exited (${exitCode ?? signalCode}) waiting for ${what}:\n${worker!.output()}`);
    if (Date.now() > deadline) {
      throw new Error(
        `${what} did not happen in time:\n${describeRuns(await readRuns(runIds), await readEvents(runIds))}\n` +
          `worker output:\n${worker!.output()}`,
      );
    }
    await pause(20);
  }
}

/** What the demo server reports for these runs: how often each side effect really ran, by tool and key. */
async function sideEffectsOf(runIds: string[]): Promise<CountedSideEffect[]> {
  const response = await fetch(new URL("/debug/side-effects", demo!.match[1]));
  const { sideEffects } = (await response.json()) as { sideEffects: CountedSideEffect[] };
  return sideEffects.filter((entry) => runIds.some((runId) => entry.idempotencyKey.startsWith(`${runId}:`)));
}

/**
 * Lets the runs progress, then `disrupts` the worker's database once some steps succeeded and waits for every run
 * to finish. Returns how many runs were unfinished when the disruption began.
 */
async function disruptMidway(runIds: string[], disrupt: () => Promise<void>): Promise<number> {
  const deadline = Date.now() + FINISH_WITHIN_MS;
  await until(async () => (await succeededSteps(runIds)) >= CUT_AFTER_STEPS, runIds, deadline, "the first steps");
  const unfinishedAtStart = await unfinishedCount(runIds);
  await disrupt();
  await until(async () => (await unfinishedCount(runIds)) === 0, runIds, deadline + OUTAGE_MS, "every run finishing");
  return unfinishedAtStart;
}

/** Every run succeeded with each step once, and every side effect ran once under its step run's key. */
async function expectEachRunDoneOnce(runIds: string[]): Promise<void> {
  const [runs, stepRuns, events] = await Promise.all([
    readRuns(runIds),
    prisma.stepRun.findMany({
      where: { runId: { in: runIds } },
      select: { id: true, runId: true, stepId: true, iteration: true, state: true },
    }),
    readEvents(runIds),
  ]);
  expect(
    runProblems(
      runs,
      stepRuns,
      events,
      routine.steps.map((step) => step.id),
    ),
  ).toEqual([]);
  const expected = expectedSideEffects(stepRuns, BOOKING_SIDE_EFFECTS);
  expect(expected.size).toBe(RUNS * BOOKING_SIDE_EFFECTS.size);
  expect(sideEffectProblems(expected, await sideEffectsOf(runIds))).toEqual([]);
}

/** Ends the worker's sessions on the server (pg_terminate_backend: 57P01, as a restart or failover does). */
async function terminateWorkerSessions(): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend("pid") AS "ended" FROM pg_stat_activity WHERE "application_name" = $1`,
      [WORKER_APPLICATION],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

describe("a worker whose database goes away in the middle of runs", () => {
  it("resumes them after an outage of a few seconds: every run succeeds, each step and side effect once", async () => {
    const runIds = await startRuns("2025-09-15");
    const unfinished = await disruptMidway(runIds, async () => {
      proxy!.cut();
      await pause(OUTAGE_MS);
      proxy!.restore();
    });
    console.info(`outage with ${unfinished} of ${RUNS} runs unfinished; ${proxy!.cutConnections} connections cut`);

    await expectEachRunDoneOnce(runIds);
    // The outage really hit the worker mid-work: runs were going, its connections were cut, and it said so.
    expect(unfinished).toBeGreaterThan(0);
    expect(proxy!.cutConnections).toBeGreaterThan(0);
    expect(worker!.output()).toMatch(/database server cannot be reached/);
  }, 30_000);

  it("resumes them when the server ends the worker's sessions and is back at once (none marked failed)", async () => {
    const runIds = await startRuns("2025-09-22");
    let ended = 0;
    const unfinished = await disruptMidway(runIds, async () => {
      ended = await terminateWorkerSessions();
    });
    console.info(`${ended} worker sessions ended with ${unfinished} of ${RUNS} runs unfinished`);

    await expectEachRunDoneOnce(runIds);
    expect(unfinished).toBeGreaterThan(0);
    expect(ended).toBeGreaterThan(0);
  }, 30_000);
});
