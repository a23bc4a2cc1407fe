import { payloadData } from "../../events/testing/stored-payload";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../demo/hr-server";
import type { ToolOutcome, ToolPort } from "../../runs/engine";
import { sharedToolGateway } from "../../tool-gateway";
import { ConflictError, prisma } from "../core";
import { DEMO_USERS, seedDatabase } from "../../demo/seed";
import { controlRun, decideHumanStep, getRun, rerunFromStep, retryStep, startRun } from "../../runs/operations";
import { buildRunWorker, createRegistryToolPort, type RunWorker } from "../../runs/store";
import { as, demoUserId } from "../testing/review-test-support";
import { leaveInputs, leaveRoutine, publishOverDemoHr, waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";

/**
 * The registry's tool port with test levers: a tool can be held (its call waits until released or aborted) or made
 * to fail once; every call is recorded with its idempotency key.
 */
function leveredTools(inner: ToolPort) {
  const held = new Map<string, { release: () => void; reached: Promise<void>; arrive: () => void }>();
  const failOnce = new Set<string>();
  const calls: Array<{ tool: string; key: string }> = [];
  const port: ToolPort = {
    describe: (tools) => inner.describe(tools),
    checkArguments: (tool, args) => inner.checkArguments(tool, args),
    async call(tool, args, options): Promise<ToolOutcome> {
      calls.push({ tool: tool.name, key: options.idempotencyKey });
      const hold = held.get(tool.name);
      if (hold) {
        hold.arrive();
        await new Promise<void>((resolve, reject) => {
          const original = hold.release;
          hold.release = () => (original(), resolve());
          options.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
        }).catch(() => undefined);
        if (options.signal.aborted) return { ok: false, error: "The call was stopped.", retryable: false };
      }
      if (failOnce.delete(tool.name))
        return { ok: false, error: `${tool.name} is down for maintenance.`, retryable: false };
      return inner.call(tool, args, options);
    },
  };
  return {
    port,
    calls,
    failOnce: (tool: string) => failOnce.add(tool),
    /** Holds `tool`'s next calls; resolves `reached` when one arrives. */
    hold(tool: string) {
      let arrive!: () => void;
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const entry = { release: () => held.delete(tool), reached, arrive };
      held.set(tool, entry);
      return { reached, release: () => entry.release() };
    },
  };
}

let hr: DemoHrHttpServer;
let worker: RunWorker;
let tools: ReturnType<typeof leveredTools>;
let plain: string;
let withApproval: string;
const countOf = (key: string) =>
  [...hr.store.sideEffects.values()].filter((entry) => entry.idempotencyKey === key).map((entry) => entry.count);

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  const ownerId = await demoUserId("author");
  ({ routineId: plain } = await publishOverDemoHr(hr.url, ownerId, leaveRoutine()));
  ({ routineId: withApproval } = await publishOverDemoHr(hr.url, ownerId, leaveRoutine(true)));
  tools = leveredTools(createRegistryToolPort());
  worker = buildRunWorker({ enabled: true, concurrency: 4, leaseMs: 5_000, pollMs: 200, tools: tools.port });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await sharedToolGateway().close();
  await hr.close();
});

describe("runs through the worker with the real engine and the demo HR tools", () => {
  it("runs a published routine to success: each step once, each side effect once under its step's idempotency key", async () => {
    await as("operator");
    const inputs = leaveInputs();
    const { runId } = await startRun(signedIn(), { routineId: plain, inputs });
    await waitForStatus(runId, "succeeded");
    const run = await getRun(signedIn(), runId);
    expect(
      run.steps.filter((step) => step.state !== "skipped").map((step) => [step.stepId, step.state, step.attempt]),
    ).toEqual([
      ["employee", "succeeded", 1],
      ["apply", "succeeded", 1],
      ["notify", "succeeded", 1],
      ["done", "succeeded", 1],
    ]);
    const apply = run.steps.find((step) => step.stepId === "apply")!;
    expect(apply.output).toMatchObject({ request: { employee_id: inputs.employee_id, status: "pending" } });
    expect(countOf(`${runId}:${apply.id}`)).toEqual([1]);
    expect(run.outputs).toMatchObject({ message: expect.anything() });
    const types = (await prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } })).map(
      (event) => event.type,
    );
    expect(types[0]).toBe("run.queued");
    expect(types.at(-1)).toBe("run.finished");
    await vi.waitFor(() => expect(worker.active()).not.toContain(runId), { timeout: 2_000, interval: 10 });
  });

  it("waits for a person, then goes on when an operator approves", async () => {
    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId: withApproval, inputs: leaveInputs() });
    await waitForStatus(runId, "waiting");
    const waitingStep = (await getRun(signedIn(), runId)).steps.find((step) => step.state === "waiting")!;
    expect(waitingStep.stepId).toBe("approve");
    await decideHumanStep(signedIn(), { runId, stepRunId: waitingStep.id, decision: "approve", comment: "Fine by me" });
    await waitForStatus(runId, "succeeded");
    const approved = (await getRun(signedIn(), runId)).steps.find((step) => step.id === waitingStep.id)!;
    expect(approved).toMatchObject({ state: "succeeded", output: { approved: true, comment: "Fine by me" } });
    const intervention = await prisma.runEvent.findFirstOrThrow({ where: { runId, type: "step.intervention" } });
    const operatorName = DEMO_USERS.find((user) => user.roles.includes("operator"))!.name;
    expect(payloadData(intervention.payload)).toMatchObject({
      action: "approved",
      by: operatorName,
      comment: "Fine by me",
    });
  });

  it("fails the run on a rejection; retrying the step asks again, and pausing holds a waiting run", async () => {
    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId: withApproval, inputs: leaveInputs() });
    await waitForStatus(runId, "waiting");
    const first = (await getRun(signedIn(), runId)).steps.find((step) => step.state === "waiting")!;
    await decideHumanStep(signedIn(), { runId, stepRunId: first.id, decision: "reject", comment: "Not now" });
    await waitForStatus(runId, "failed");
    expect((await getRun(signedIn(), runId)).error).toMatch(/Rejected by an operator: Not now/);

    await retryStep(signedIn(), { runId, stepRunId: first.id });
    await waitForStatus(runId, "waiting");
    expect((await controlRun(signedIn(), { runId, action: "pause" })).status).toBe("paused");
    await expect(decideHumanStep(signedIn(), { runId, stepRunId: first.id, decision: "approve" })).rejects.toThrow(
      /paused; resume it/,
    );
    await controlRun(signedIn(), { runId, action: "resume" });
    await waitForStatus(runId, "waiting");
    await decideHumanStep(signedIn(), { runId, stepRunId: first.id, decision: "approve" });
    await waitForStatus(runId, "succeeded");
    // The booking before the approval ran once, across the rejection, the retry, the pause and the resume.
    const apply = (await getRun(signedIn(), runId)).steps.find((step) => step.stepId === "apply")!;
    expect(countOf(`${runId}:${apply.id}`)).toEqual([1]);
  });

  it("pauses after the step in flight, and resumes where it stopped", async () => {
    await as("operator");
    const hold = tools.hold("apply_leave");
    const { runId } = await startRun(signedIn(), { routineId: plain, inputs: leaveInputs() });
    await hold.reached;
    expect((await controlRun(signedIn(), { runId, action: "pause" })).status).toBe("running");
    await expect(controlRun(signedIn(), { runId, action: "pause" })).rejects.toThrow(/already requested/);
    hold.release();
    await waitForStatus(runId, "paused");
    const paused = await getRun(signedIn(), runId);
    expect(paused.steps.map((step) => [step.stepId, step.state])).toEqual([
      ["employee", "succeeded"],
      ["apply", "succeeded"],
    ]);
    await controlRun(signedIn(), { runId, action: "resume" });
    await waitForStatus(runId, "succeeded");
    await expect(controlRun(signedIn(), { runId, action: "resume" })).rejects.toBeInstanceOf(ConflictError);
  });

  it("cancels a run in the middle of a step, stopping the call", async () => {
    await as("operator");
    const hold = tools.hold("apply_leave");
    const { runId } = await startRun(signedIn(), { routineId: plain, inputs: leaveInputs() });
    await hold.reached;
    await controlRun(signedIn(), { runId, action: "cancel" });
    await waitForStatus(runId, "cancelled");
    hold.release();
    const run = await getRun(signedIn(), runId);
    expect(run.steps.map((step) => [step.stepId, step.state])).toEqual([
      ["employee", "succeeded"],
      ["apply", "cancelled"],
    ]);
    expect(countOf(`${runId}:${run.steps[1]!.id}`)).toEqual([]);
    await expect(controlRun(signedIn(), { runId, action: "cancel" })).rejects.toThrow(/already been cancelled/);
  });

  it("retries a failed step with the same idempotency key", async () => {
    await as("operator");
    tools.failOnce("apply_leave");
    const { runId } = await startRun(signedIn(), { routineId: plain, inputs: leaveInputs() });
    await waitForStatus(runId, "failed");
    const failed = (await getRun(signedIn(), runId)).steps.find((step) => step.state === "failed")!;
    expect(failed).toMatchObject({ stepId: "apply", error: expect.stringMatching(/down for maintenance/) });
    await expect(
      retryStep(signedIn(), { runId, stepRunId: (await getRun(signedIn(), runId)).steps[0]!.id }),
    ).rejects.toThrow(/Only the step the run failed at/);
    await retryStep(signedIn(), { runId, stepRunId: failed.id });
    await waitForStatus(runId, "succeeded");
    const keys = tools.calls.filter((call) => call.key.startsWith(`${runId}:${failed.id}`)).map((call) => call.key);
    expect(keys).toEqual([`${runId}:${failed.id}`, `${runId}:${failed.id}`]);
    expect(countOf(`${runId}:${failed.id}`)).toEqual([1]);
    expect((await getRun(signedIn(), runId)).steps.find((step) => step.id === failed.id)).toMatchObject({
      state: "succeeded",
      attempt: 2,
    });
  });

  it("re-runs from a step: the call really happens again, the steps after it run again, and what the routine fixes stays fixed", async () => {
    await as("operator");
    const inputs = leaveInputs();
    const { runId } = await startRun(signedIn(), { routineId: plain, inputs });
    await waitForStatus(runId, "succeeded");
    const before = await getRun(signedIn(), runId);
    const notify = before.steps.find((step) => step.stepId === "notify")!;
    const sent = { to: inputs.employee_id, subject: "Your leave is booked", body: "Enjoy your time off." };
    const sentBefore = hr.store.outbox.filter((message) => message.subject === sent.subject).length;
    // Every argument of this step is fixed by the routine (the run's input and two literals): an edit is refused.
    await expect(
      rerunFromStep(signedIn(), { runId, stepRunId: notify.id, input: { ...sent, subject: "Something else" } }),
    ).rejects.toThrow(/"subject" is fixed by the routine/);
    const { stepRunId } = await rerunFromStep(signedIn(), { runId, stepRunId: notify.id, input: sent });
    await waitForStatus(runId, "succeeded");
    const after = await getRun(signedIn(), runId);
    const rerun = after.steps.find((step) => step.id === stepRunId)!;
    expect(rerun).toMatchObject({ stepId: "notify", iteration: 2, state: "succeeded", input: sent });
    expect(after.steps.filter((step) => step.stepId === "done").map((step) => step.iteration)).toEqual([1, 2]);
    expect(countOf(`${runId}:${notify.id}`)).toEqual([1]);
    expect(countOf(`${runId}:${stepRunId}`)).toEqual([1]);
    expect(hr.store.outbox.filter((message) => message.subject === sent.subject)).toHaveLength(sentBefore + 1);
  });
});
