import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunStatus } from "../../../events";
import { prisma } from "../../../db/core";
import { createRunHeartbeat } from "../run-heartbeat";
import { wakeRunWorker } from "../run-wake";
import { createRunWorker, processOwnerId, type RunWorker } from "../run-worker";
import { publishedRoutine, queuedRun } from "../testing/run-test-support";

// A worker asked to stop gracefully: it claims nothing more, lets each run finish the step it is on, hands the run
// back and says it stopped; after the grace it aborts what is left, as an immediate stop does.

type Held = { signal: AbortSignal; drain: AbortSignal; finishStep: () => void };

/** An engine whose runs hold until drained, then "finish their step" when the test says so (or never). */
function drainableEngine() {
  const held = new Map<string, Held>();
  return {
    held,
    execute(runId: string, signal?: AbortSignal, control?: { drain?: AbortSignal }): Promise<RunStatus> {
      return new Promise((resolve) => {
        let finish!: () => void;
        const stepDone = new Promise<void>((done) => (finish = done));
        held.set(runId, { signal: signal!, drain: control!.drain!, finishStep: finish });
        signal!.addEventListener("abort", () => resolve("running"), { once: true });
        control!.drain!.addEventListener("abort", () => void stepDone.then(() => resolve("running")), { once: true });
      });
    },
  };
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const HEARTBEAT_MS = 50;
let routineId: string;
const workers: RunWorker[] = [];

function worker(engine: ReturnType<typeof drainableEngine>) {
  const owner = processOwnerId();
  const created = createRunWorker({
    engine,
    owner,
    concurrency: 2,
    leaseMs: 60_000,
    pollMs: 60_000,
    heartbeat: createRunHeartbeat({ owner, concurrency: 2, intervalMs: HEARTBEAT_MS, log: quiet }),
    log: quiet,
  });
  workers.push(created);
  return created;
}
const lease = async (runId: string) =>
  prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { leaseOwner: true, leaseUntil: true } });
const row = (owner: string) => prisma.runWorkerProcess.findUnique({ where: { id: owner } });

beforeAll(async () => {
  const ownerId = "drain-test-owner";
  await prisma.user.create({ data: { id: ownerId, name: "Owner", email: "drain-owner@example.com" } });
  ({ routineId } = await publishedRoutine({ ownerId }));
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((each) => each.stop()));
  await prisma.run.updateMany({
    where: { status: { in: ["queued", "running"] } },
    data: { status: "cancelled", leaseOwner: null },
  });
});

describe("a graceful stop", () => {
  it("claims nothing more, lets the run finish its step, then hands its lease back and marks the worker stopped", async () => {
    const engine = drainableEngine();
    const runner = worker(engine);
    const runId = await queuedRun(routineId);
    runner.start();
    await vi.waitFor(() => expect(engine.held.has(runId)).toBe(true), { timeout: 2_000, interval: 5 });
    await vi.waitFor(async () => expect(JSON.parse((await row(runner.owner))!.runIds)).toEqual([runId]), {
      timeout: 2_000,
      interval: 10,
    });

    let stopped = false;
    const stopping = runner.stop({ graceMs: 30_000 }).then(() => (stopped = true));
    const run = engine.held.get(runId)!;
    await vi.waitFor(() => expect(run.drain.aborted).toBe(true), { timeout: 1_000, interval: 5 });
    const later = await queuedRun(routineId);
    wakeRunWorker();
    // Still draining: the step is not over, nothing was aborted, the lease is still held and renewed.
    expect(stopped).toBe(false);
    expect(run.signal.aborted).toBe(false);
    expect((await lease(runId)).leaseOwner).toBe(runner.owner);

    run.finishStep();
    await stopping;
    expect(run.signal.aborted).toBe(false);
    expect(await lease(runId)).toEqual({ leaseOwner: null, leaseUntil: null });
    expect(await lease(later)).toEqual({ leaseOwner: null, leaseUntil: null });
    expect(engine.held.has(later)).toBe(false);
    expect(await row(runner.owner)).toMatchObject({ runIds: "[]", stoppedAt: expect.any(Date) });
  });

  it("aborts a run whose step outlasts the grace, and still hands its lease back", async () => {
    const engine = drainableEngine();
    const runner = worker(engine);
    const runId = await queuedRun(routineId);
    runner.start();
    await vi.waitFor(() => expect(engine.held.has(runId)).toBe(true), { timeout: 2_000, interval: 5 });

    await runner.stop({ graceMs: 100 });
    const run = engine.held.get(runId)!;
    expect(run.drain.aborted).toBe(true);
    expect(run.signal.reason).toBe("shutdown");
    expect(await lease(runId)).toEqual({ leaseOwner: null, leaseUntil: null });
    expect((await row(runner.owner))!.stoppedAt).not.toBeNull();
  });
});
