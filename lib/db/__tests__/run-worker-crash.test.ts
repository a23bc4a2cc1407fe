import { payloadData } from "../../events/testing/stored-payload";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const workerEnv: NodeJS.ProcessEnv = {
  ...process.env,
  RUN_POLL_MS: "100",
  RUN_LEASE_MS: "60000",
  RUN_WORKER_CONCURRENCY: "2",
};
const startWorker = () => startWorkerProcess(workerEnv);

const routine = bookingWithEmails("Book leave, with emails");

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

describe("a worker killed in the middle of a run", () => {
  it("is resumed by the next worker: the run finishes, no finished step runs again, the step in flight is retried with its key and its side effect happens once", async () => {
    const { routineId } = await prisma.routine
      .findFirstOrThrow({ where: { name: routine.name } })
      .then((row) => ({ routineId: row.id }));
    const first = await startWorker();
    workers.push(first);
    const held = proxy.hold("apply_leave");

    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId, inputs: leaveInputs() });
    // The booking reached the HR server and its side effect happened, but the answer never reached the worker.
    await held;
    const inFlight = (await loadRunSnapshot(runId))!;
    expect(inFlight.status).toBe("running");
    expect(inFlight.steps.map((step) => [step.stepId, step.state])).toEqual([
      ["received", "succeeded"],
      ["apply", "running"],
    ]);
    const [received, apply] = inFlight.steps;
    const keyOf = (step: { id: string }) => `${runId}:${step.id}`;
    expect((await sideEffects()).get(keyOf(apply!))).toBe(1);

    first.process.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    expect(first.process.signalCode).toBe("SIGKILL");
    expect((await loadRunSnapshot(runId))!.status).toBe("running");

    proxy.passThrough();
    const second = await startWorker();
    workers.push(second);
    await waitForStatus(runId, "succeeded", 30_000);

    const finished = (await loadRunSnapshot(runId))!;
    const booked = finished.steps.find((step) => step.stepId === "booked")!;
    expect(finished.steps.filter((step) => step.state !== "skipped").map((step) => [step.stepId, step.state])).toEqual([
      ["received", "succeeded"],
      ["apply", "succeeded"],
      ["booked", "succeeded"],
      ["done", "succeeded"],
    ]);
    // Calls the HR server received, per step: the finished step once, the step in flight twice with the same key.
    const callsWith = (key: string) => proxy.calls.filter((call) => call.key === key).length;
    expect([callsWith(keyOf(received!)), callsWith(keyOf(apply!)), callsWith(keyOf(booked))]).toEqual([1, 2, 1]);
    // And what really happened there: every side effect once.
    const counts = await sideEffects();
    expect([counts.get(keyOf(received!)), counts.get(keyOf(apply!)), counts.get(keyOf(booked))]).toEqual([1, 1, 1]);

    const events = await prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events.filter((event) => event.type === "run.started").map((event) => payloadData(event.payload))).toEqual([
      { resumed: false },
      { resumed: true },
    ]);
    expect(events.at(-1)!.type).toBe("run.finished");
  }, 90_000);
});
