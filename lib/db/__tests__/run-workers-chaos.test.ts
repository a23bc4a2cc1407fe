// Issue #17: two worker processes execute 50 runs of slow tools while one of them is SIGKILLed at random moments and
// replaced. Written against the DAL, Prisma and the run service only, so it runs unchanged on PostgreSQL once the run
// store does.
import { payloadData } from "../../events/testing/stored-payload";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FINISHED_RUN_STATUSES } from "../../events";
import { sharedToolGateway } from "../../tool-gateway";
import { buildHrDataset, createRandom } from "../../demo/hr-server";
import { seedDatabase } from "../../demo/seed";
import { prisma } from "../core";
import { startRun } from "../../runs/operations";
import { as, demoUserId } from "../testing/review-test-support";
import { stopChild, type Child } from "../../runs/store/testing/child-process";
import { BOOKING_SIDE_EFFECTS, startDemoHrProcess } from "../../runs/store/testing/worker-processes";
import { chaosSeed, createWorkerPool, type WorkerPool } from "../../runs/store/testing/chaos-workers";
import {
  describeRuns,
  expectedSideEffects,
  runProblems,
  sideEffectProblems,
  type CountedSideEffect,
} from "../../runs/store/testing/chaos-checks";
import {
  bookLeave,
  doneStep,
  emailStep,
  leaveRoutineOf,
  lookUp,
  publishOverDemoHr,
} from "../../runs/store/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";

const RUNS = 50;
const KILLS = 5;
/** Tool calls answer after a random 0–LATENCY_MS ms, before or after their side effect. */
const LATENCY_MS = 250;
/** Short, so that a stalled worker's leases run out by time during the test. */
const LEASE_MS = 3_000;
/** Every run must have finished this long after the first one started, or the test fails and says which did not. */
const FINISH_WITHIN_MS = 90_000;

const SEED = chaosSeed();
const random = createRandom(SEED);

const received = emailStep("received", "Email: request received", "We received your leave request", "We are on it.");
const booked = emailStep("booked", "Email: leave booked", "Your leave is booked", "Enjoy your time off.");
const routine = leaveRoutineOf("Chaos: book leave with emails", [received, lookUp, bookLeave, booked, doneStep]);

let demo: Child;
let workers: WorkerPool | undefined;
let routineId: string;

beforeAll(async () => {
  console.info(`chaos seed ${SEED} (CHAOS_SEED=${SEED} replays this test's kills)`);
  await seedDatabase({ mode: "demo" });
  workers = createWorkerPool({
    size: 2,
    env: { ...process.env, RUN_POLL_MS: "100", RUN_LEASE_MS: String(LEASE_MS), RUN_WORKER_CONCURRENCY: "6" },
  });
  // The workers start while the HR server does: there is nothing for them to claim before the runs below.
  [demo] = await Promise.all([
    startDemoHrProcess(["--latency-ms", String(LATENCY_MS), "--latency-seed", String(SEED)]),
    workers.start(),
  ]);
  ({ routineId } = await publishOverDemoHr(demo.match[1]!, await demoUserId("author"), routine));
}, 60_000);

afterAll(async () => {
  await workers?.stopAll();
  await stopChild(demo);
  await sharedToolGateway().close();
});

/** Active employees' leave on dates no seeded request overlaps, one employee per run, so every booking can succeed. */
function bookableInputs(count: number) {
  const employees = buildHrDataset().employees.filter((employee) => employee.status === "active");
  return employees
    .slice(0, count)
    .map((employee) => ({ employee_id: employee.id, start_date: "2025-09-15", end_date: "2025-09-16" }));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readRuns(runIds: string[]) {
  return prisma.run.findMany({
    where: { id: { in: runIds } },
    select: { id: true, status: true, leaseOwner: true, leaseUntil: true },
  });
}

async function readEvents(runIds: string[]) {
  return prisma.runEvent.findMany({
    where: { runId: { in: runIds } },
    select: { runId: true, seq: true, type: true, payload: true },
  });
}

async function unfinished(runIds: string[]): Promise<string[]> {
  const rows = await prisma.run.findMany({
    where: { id: { in: runIds }, status: { notIn: [...FINISHED_RUN_STATUSES] } },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/**
 * Polls until at least `count` of the runs finished; past the deadline, fails listing the runs left and what the
 * workers printed.
 */
async function untilFinished(runIds: string[], count: number, deadline: number): Promise<void> {
  for (;;) {
    const left = await unfinished(runIds);
    if (runIds.length - left.length >= count) return;
    if (Date.now() > deadline) {
      const shown = left.slice(0, 10);
      throw new Error(
        `${left.length} of ${runIds.length} runs did not finish within ${FINISH_WITHIN_MS} ms (chaos seed ${SEED}):\n` +
          `${describeRuns(await readRuns(shown), await readEvents(shown))}\n${workers!.outputs()}`,
      );
    }
    await pause(50);
  }
}

/** What the demo server reports: how often each side effect really ran, by idempotency key. */
async function sideEffects(): Promise<CountedSideEffect[]> {
  const response = await fetch(new URL("/debug/side-effects", demo.match[1]));
  return ((await response.json()) as { sideEffects: CountedSideEffect[] }).sideEffects;
}

describe("two workers, one SIGKILLed at random moments and replaced, executing 50 runs of slow tools", () => {
  it("finish every run, run no succeeded step twice and every side effect once per idempotency key", async () => {
    await as("operator");
    const started = Date.now();
    const deadline = started + FINISH_WITHIN_MS;
    const runIds: string[] = [];
    // Started one by one through the DAL, as an operator would; the workers pick up the first ones meanwhile.
    for (const inputs of bookableInputs(RUNS)) runIds.push((await startRun(signedIn(), { routineId, inputs })).runId);

    const pool = workers!;
    // The kills come at random points of the work (after so many runs finished, then up to half a second into the
    // steps in flight), so they land the same way on a fast machine and a busy one. Each hits a random worker that
    // is up, while its replacement for the last kill may still be starting. Once, a worker is frozen past its
    // leases instead, while another is up to take its runs over by time; the kills go on meanwhile.
    const chaos = [
      ...Array.from({ length: KILLS }, () => ({ point: random.int(1, RUNS - 10), action: "kill" as const })),
      { point: random.int(1, RUNS - 15), action: "freeze" as const },
    ].sort((a, b) => a.point - b.point);
    const leasesHeld: number[] = [];
    let frozen = Promise.resolve({ held: 0, takenOver: 0 });
    for (const { point, action } of chaos) {
      await untilFinished(runIds, point, deadline);
      await pause(random.int(0, 500));
      await pool.untilReady(action === "freeze" ? 2 : 1);
      const victim = pool.ready()[random.int(0, pool.ready().length - 1)]!;
      const held = await prisma.run.findMany({
        where: { leaseOwner: victim.owner, status: { in: ["queued", "running"] } },
        select: { id: true },
      });
      if (action === "kill") {
        leasesHeld.push(held.length);
        await pool.kill(victim);
      } else {
        frozen = pool.freeze(victim, LEASE_MS + 1_500).then(async () => {
          // Taken over: another worker holds it now, or held it and finished it (and gave its lease back).
          const after = await prisma.run.findMany({
            where: { id: { in: held.map((run) => run.id) } },
            select: { leaseOwner: true },
          });
          return { held: held.length, takenOver: after.filter((run) => run.leaseOwner !== victim.owner).length };
        });
      }
    }
    const freeze = await frozen;
    await untilFinished(runIds, RUNS, deadline);
    await pool.settled();
    const tookMs = Date.now() - started;

    const [runs, stepRuns, events] = await Promise.all([
      readRuns(runIds),
      prisma.stepRun.findMany({
        where: { runId: { in: runIds } },
        select: { id: true, runId: true, stepId: true, iteration: true, state: true },
      }),
      readEvents(runIds),
    ]);
    const resumed = new Set(
      events.filter((event) => event.type === "run.started" && payloadData(event.payload).resumed).map((e) => e.runId),
    );
    console.info(
      `chaos seed ${SEED}: ${RUNS} runs in ${tookMs} ms; kills at ${pool.kills.map((kill) => kill.atMs).join(", ")} ms ` +
        `on workers holding ${leasesHeld.join(", ")} runs; ${resumed.size} runs resumed; ` +
        `a worker frozen holding ${freeze.held} runs lost ${freeze.takenOver} of them`,
    );

    const stepIds = routine.steps.map((step) => step.id);
    expect(runProblems(runs, stepRuns, events, stepIds)).toEqual([]);
    const expected = expectedSideEffects(stepRuns, BOOKING_SIDE_EFFECTS);
    expect(expected.size).toBe(RUNS * BOOKING_SIDE_EFFECTS.size);
    expect(sideEffectProblems(expected, await sideEffects())).toEqual([]);
    // The chaos really happened: killed workers held runs, which others took over and finished.
    expect(pool.kills).toHaveLength(KILLS);
    expect(leasesHeld.some((held) => held > 0)).toBe(true);
    expect(resumed.size).toBeGreaterThan(0);
  }, 150_000);
});

describe("the chaos test's checks", () => {
  const run = { id: "r1", status: "succeeded", leaseOwner: null, leaseUntil: null };
  const step = (stepId: string, id = `sr-${stepId}`) => ({ id, runId: "r1", stepId, iteration: 1, state: "succeeded" });
  const event = (seq: number, type: string, stepId?: string) => ({
    runId: "r1",
    seq,
    type,
    payload: JSON.stringify(stepId ? { stepRunId: `sr-${stepId}`, stepId, iteration: 1 } : {}),
  });
  const clean = [event(1, "run.queued"), event(2, "step.started", "a"), event(3, "step.succeeded", "a")];

  it("pass a clean run and name each broken rule: a repeated step, a seq gap, a live lease, a side effect run twice", () => {
    expect(runProblems([run], [step("a")], clean, ["a"])).toEqual([]);
    const repeated = [...clean, event(4, "step.started", "a"), event(6, "step.succeeded", "a")];
    const leased = { ...run, leaseOwner: "host/1/live", leaseUntil: new Date(0) };
    expect(runProblems([leased], [step("a")], repeated, ["a"])).toEqual([
      "run r1 is still leased by host/1/live until 1970-01-01T00:00:00.000Z",
      "run r1 has event seqs 1,2,3,4,6",
      "run r1: step a started again (seq 4) after it succeeded",
      "run r1: step a#1 has 1 succeeded step runs and 2 step.succeeded events, not 1",
    ]);

    const expected = new Map([
      ["r1:sr-a", "apply_leave"],
      ["r1:sr-b", "send_email_notification"],
    ]);
    expect(
      sideEffectProblems(expected, [
        { tool: "apply_leave", idempotencyKey: "r1:sr-a", count: 2 },
        { tool: "send_email_notification", idempotencyKey: "r1:sr-x", count: 1 },
      ]),
    ).toEqual([
      "apply_leave under key r1:sr-a ran 2 times",
      "send_email_notification under key r1:sr-b never ran",
      "send_email_notification ran 1 times under key r1:sr-x, which no step run has",
    ]);
  });
});
