import { payloadData } from "../../events/testing/stored-payload";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sharedToolGateway } from "../../tool-gateway";
import { prisma } from "../core";
import { loadRunSnapshot } from "../../runs/store";
import { startRun } from "../../runs/operations";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId } from "../testing/review-test-support";
import { stopChild, type Child } from "../../runs/store/testing/child-process";
import { leaveInputs, publishOverDemoHr, waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import {
  bookingWithEmails,
  sideEffectCounts,
  startDemoHrProcess,
  startWorkerProcess,
} from "../../runs/store/testing/worker-processes";
import { startHoldingProxy } from "../testing/holding-proxy";
import { signedIn } from "../../../test/request-context";

// `npm run worker` stopped with SIGTERM while a step is in flight: the step finishes, the run is handed back
// between steps, the process exits 0 and says it stopped, and the next worker finishes the run with nothing done twice.

const workerEnv: NodeJS.ProcessEnv = {
  ...process.env,
  RUN_POLL_MS: "100",
  RUN_LEASE_MS: "60000",
  RUN_HEARTBEAT_MS: "200",
  RUN_SHUTDOWN_GRACE_MS: "60000",
  RUN_WORKER_CONCURRENCY: "2",
};
const startWorker = () => startWorkerProcess(workerEnv);

const routine = bookingWithEmails("Book leave, then stop the worker");

let demo: Child;
let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
const workers: Child[] = [];

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  demo = await startDemoHrProcess();
  proxy = await startHoldingProxy(demo.match[1]!);
  await publishOverDemoHr(proxy.url, await demoUserId("author"), routine);
}, 60_000);

afterAll(async () => {
  for (const worker of workers) await stopChild(worker, "SIGKILL");
  await stopChild(demo);
  await proxy?.close();
  await sharedToolGateway().close();
});

const sideEffects = () => sideEffectCounts(demo.match[1]!);

const stepsOf = async (runId: string) => (await loadRunSnapshot(runId))!.steps.map((step) => [step.stepId, step.state]);

describe("a worker stopped with SIGTERM in the middle of a step", () => {
  it("finishes the step, hands the run back, exits 0 marked stopped, and the next worker finishes the run with nothing run twice", async () => {
    const { id: routineId } = await prisma.routine.findFirstOrThrow({ where: { name: routine.name } });
    const first = await startWorker();
    workers.push(first);
    const owner = first.match[1]!;
    const gate = proxy.gate("apply_leave");

    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId, inputs: leaveInputs() });
    await gate.reached;
    expect(await stepsOf(runId)).toEqual([
      ["received", "succeeded"],
      ["apply", "running"],
    ]);
    await vi.waitFor(
      async () =>
        expect((await prisma.runWorkerProcess.findUniqueOrThrow({ where: { id: owner } })).runIds).toBe(
          JSON.stringify([runId]),
        ),
      { timeout: 10_000, interval: 50 },
    );

    first.process.kill("SIGTERM");
    await vi.waitFor(() => expect(first.output()).toMatch(/SIGTERM: the run worker stops taking work/), {
      timeout: 10_000,
      interval: 20,
    });
    // Draining: still alive, the step still in flight, the run still this worker's.
    expect(first.process.exitCode).toBeNull();
    expect((await loadRunSnapshot(runId))!.status).toBe("running");
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).leaseOwner).toBe(owner);

    gate.release();
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain(`run worker ${owner} stopped`);
    expect(await stepsOf(runId)).toEqual([
      ["received", "succeeded"],
      ["apply", "succeeded"],
    ]);
    const handedBack = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect([handedBack.status, handedBack.leaseOwner, handedBack.leaseUntil]).toEqual(["running", null, null]);
    const row = await prisma.runWorkerProcess.findUniqueOrThrow({ where: { id: owner } });
    expect(row.stoppedAt).not.toBeNull();
    expect(row.runIds).toBe("[]");

    const second = await startWorker();
    workers.push(second);
    await waitForStatus(runId, "succeeded", 30_000);
    const finished = (await loadRunSnapshot(runId))!;
    expect(finished.steps.filter((step) => step.state !== "skipped").map((step) => [step.stepId, step.state])).toEqual([
      ["received", "succeeded"],
      ["apply", "succeeded"],
      ["booked", "succeeded"],
      ["done", "succeeded"],
    ]);
    // Every tool call once, and every side effect once: the drained step was not retried.
    const keys = finished.steps.filter((step) => step.stepId !== "done").map((step) => `${runId}:${step.id}`);
    expect(keys.map((key) => proxy.calls.filter((call) => call.key === key).length)).toEqual([1, 1, 1]);
    const counts = await sideEffects();
    expect(keys.map((key) => counts.get(key))).toEqual([1, 1, 1]);
    const events = await prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    expect(events.filter((event) => event.type === "run.started").map((event) => payloadData(event.payload))).toEqual([
      { resumed: false },
      { resumed: true },
    ]);
    await stopChild(second);
    expect(second.process.exitCode).toBe(0);
  }, 90_000);
});
