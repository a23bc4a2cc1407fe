import { payloadData } from "../../../events/testing/stored-payload";
import { hostname } from "node:os";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunStatus } from "../../../events";
import { DatabaseUnavailableError, prisma } from "../../../db/core";
import { loadRunSnapshot } from "../run-store";
import { wakeRunWorker } from "../run-wake";
import { createRunWorker, processOwnerId, type RunWorker } from "../run-worker";
import { seedDatabase } from "../../../demo/seed";
import { demoUserId } from "../../../db/testing/review-test-support";
import { publishedRoutine, queuedRun, setRunState } from "../testing/run-test-support";

/** An engine that holds every run until its signal aborts, recording why; or does what `behave` says. */
function fakeEngine(behave?: (runId: string) => Promise<RunStatus>) {
  const started: string[] = [];
  const reasons = new Map<string, unknown>();
  return {
    started,
    reasons,
    execute(runId: string, signal?: AbortSignal): Promise<RunStatus> {
      started.push(runId);
      if (behave) return behave(runId);
      return new Promise((resolve) =>
        signal!.addEventListener("abort", () => {
          reasons.set(runId, signal!.reason);
          resolve("running");
        }),
      );
    },
  };
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let routineId: string;
const workers: RunWorker[] = [];
function worker(
  engine: ReturnType<typeof fakeEngine>,
  options: { owner?: string; concurrency?: number; leaseMs?: number } = {},
) {
  const created = createRunWorker({
    engine,
    owner: options.owner ?? processOwnerId(),
    concurrency: options.concurrency ?? 2,
    leaseMs: options.leaseMs ?? 60_000,
    pollMs: 60_000,
    log: quiet,
  });
  workers.push(created);
  return created;
}
const leaseOf = async (runId: string) =>
  (await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { leaseOwner: true } })).leaseOwner;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("author") }));
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((each) => each.stop()));
  await prisma.run.updateMany({
    where: { status: { in: ["queued", "running"] } },
    data: { status: "cancelled", leaseOwner: null },
  });
});

describe("the run worker", () => {
  it("claims new work as soon as it is woken, up to its concurrency, and the rest as runs end", async () => {
    const engine = fakeEngine();
    const runner = worker(engine, { concurrency: 2 });
    runner.start();
    const ids = [await queuedRun(routineId), await queuedRun(routineId), await queuedRun(routineId)];
    wakeRunWorker();
    await vi.waitFor(() => expect(runner.active()).toHaveLength(2), { timeout: 1_000, interval: 5 });
    expect(engine.started).toEqual(ids.slice(0, 2));
    expect(await leaseOf(ids[2]!)).toBeNull();
  });

  it("stops the runs in flight without writing and gives their leases back for the next worker", async () => {
    const engine = fakeEngine();
    const runner = worker(engine);
    const runId = await queuedRun(routineId);
    runner.start();
    await vi.waitFor(() => expect(runner.active()).toEqual([runId]), { timeout: 1_000, interval: 5 });
    expect(await leaseOf(runId)).toBe(runner.owner);
    await runner.stop();
    expect(engine.reasons.get(runId)).toBe("shutdown");
    expect(await leaseOf(runId)).toBeNull();
    expect((await loadRunSnapshot(runId))!.status).toBe("queued");

    const next = fakeEngine();
    worker(next).start();
    await vi.waitFor(() => expect(next.started).toEqual([runId]), { timeout: 1_000, interval: 5 });
  });

  it("stops executing a run whose lease another worker took over", async () => {
    const engine = fakeEngine();
    const runner = worker(engine, { leaseMs: 300 });
    const runId = await queuedRun(routineId);
    runner.start();
    await vi.waitFor(() => expect(runner.active()).toEqual([runId]), { timeout: 1_000, interval: 5 });
    await prisma.run.update({ where: { id: runId }, data: { leaseOwner: "someone-else" } });
    await vi.waitFor(() => expect(engine.reasons.get(runId)).toBe("lease-lost"), { timeout: 2_000, interval: 10 });
    expect(await leaseOf(runId)).toBe("someone-else");
  });

  it("resumes at once the runs of a dead process on this host, not waiting for their leases to expire", async () => {
    const runId = await queuedRun(routineId);
    await setRunState(runId, { run: { status: "running", startedAt: new Date() } });
    await prisma.run.update({
      where: { id: runId },
      data: { leaseOwner: `${hostname()}/2147483646/dead`, leaseUntil: new Date(Date.now() + 3_600_000) },
    });
    const alive = await queuedRun(routineId);
    await prisma.run.update({
      where: { id: alive },
      data: { leaseOwner: `${hostname()}/${process.pid}/alive`, leaseUntil: new Date(Date.now() + 3_600_000) },
    });
    const engine = fakeEngine();
    worker(engine).start();
    await vi.waitFor(() => expect(engine.started).toEqual([runId]), { timeout: 1_000, interval: 5 });
    expect(await leaseOf(alive)).toBe(`${hostname()}/${process.pid}/alive`);
  });

  it("fails a run the engine cannot drive at all, and keeps one that hit a busy database for later", async () => {
    const broken = await queuedRun(routineId);
    const engine = fakeEngine(async (runId) => {
      if (runId === broken) throw new Error("The stored routine cannot be opened: steps.0: bad");
      throw new DatabaseUnavailableError("The database is busy. Please try again in a moment.");
    });
    const runner = worker(engine, { concurrency: 1 });
    runner.start();
    await vi.waitFor(async () => expect((await loadRunSnapshot(broken))!.status).toBe("failed"), {
      timeout: 1_000,
      interval: 5,
    });
    const row = await prisma.run.findUniqueOrThrow({ where: { id: broken } });
    expect(row.error).toMatch(/internal error: The stored routine cannot be opened/);
    const finished = await prisma.runEvent.findFirstOrThrow({ where: { runId: broken, type: "run.finished" } });
    expect(payloadData(finished.payload)).toMatchObject({ status: "failed" });

    const busy = await queuedRun(routineId);
    wakeRunWorker();
    await vi.waitFor(() => expect(engine.started).toContain(busy), { timeout: 1_000, interval: 5 });
    await vi.waitFor(() => expect(runner.active()).toEqual([]), { timeout: 1_000, interval: 5 });
    expect((await loadRunSnapshot(busy))!.status).toBe("queued");
    expect(await leaseOf(busy)).toBe(runner.owner);
  });
});
