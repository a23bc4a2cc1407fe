import { payloadData } from "../../events/testing/stored-payload";
import { randomUUID } from "node:crypto";
import { expect, vi } from "vitest";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../demo/hr-server";
import type { Routine, Step } from "../../routine";
import type { RunChange, ToolPort } from "../../runs/engine";
import { sharedToolGateway } from "../../tool-gateway";
import { prisma } from "../core";
import { seedDatabase } from "../../demo/seed";
import { getRun, startRun } from "../../runs/operations";
import {
  BUDGET_DEFAULTS,
  buildRunWorker,
  createRegistryToolPort,
  findPublishedRoutine,
  type RunWorker,
} from "../../runs/store";
import { applyRunChange, insertQueuedRun, sqlRun, sqlTime, writeRuns } from "../../runs/store/testing/run-sql-access";
import { as, demoUserId } from "../testing/review-test-support";
import {
  bookLeave,
  doneStep,
  emailStep,
  leaveInputs,
  leaveRoutineOf,
  lookUp,
  publishOverDemoHr,
  waitForStatus,
} from "../../runs/store/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";

// What the stage and step intervention tests share (issue #18, decision 0032): staged routines over the demo HR
// tools, a worker with the real engine whose tools can hold a call, and runs put straight into a state.

const approve: Step = {
  id: "approve",
  kind: "human",
  name: "Manager approves",
  description: "",
  instruction: "Approve the booking.",
  form: [],
};
const notify = emailStep("notify", "Tell the employee", "Your leave is booked", "Enjoy your time off.");
const confirm = emailStep("confirm", "Confirm to the manager", "Leave booked", "The leave is in the calendar.");

/** `stageA`'s steps in stage A ("Approval"), then `stageB`'s in stage B ("Booking"), then the end. */
export function staged(name: string, stageA: Step[], stageB: Step[]): Routine {
  return {
    ...leaveRoutineOf(name, [
      ...stageA.map((step) => ({ ...step, stageId: "A" })),
      ...stageB.map((step) => ({ ...step, stageId: "B" })),
      doneStep,
    ]),
    stages: [
      { id: "A", name: "Approval", description: "" },
      { id: "B", name: "Booking", description: "" },
    ],
  };
}

/** The registry's tools, with one tool that can be held: its next call waits until the step is stopped. */
function holdingTools(inner: ToolPort) {
  let held: string | null = null;
  let arrived!: () => void;
  const port: ToolPort = {
    describe: (tools) => inner.describe(tools),
    checkArguments: (tool, args) => inner.checkArguments(tool, args),
    async call(tool, args, options) {
      if (tool.name !== held) return inner.call(tool, args, options);
      held = null;
      arrived();
      await new Promise<void>((resolve) => options.signal.addEventListener("abort", () => resolve(), { once: true }));
      return { ok: false, error: "The call was stopped.", retryable: false };
    },
  };
  return {
    port,
    /** Holds the next call of `tool`; resolves when it arrives. */
    hold(tool: string): Promise<void> {
      held = tool;
      return new Promise<void>((resolve) => (arrived = resolve));
    },
  };
}

export type StageWorld = Awaited<ReturnType<typeof startStageWorld>>;

/**
 * Seeds the demo users, starts the demo HR server and a worker (control polled every 50 ms), and publishes two
 * routines: `approval` (A: look up, a manager approves; B: book the leave, tell the employee) and `booking`
 * (A: look up, book; B: two emails).
 */
export async function startStageWorld() {
  await seedDatabase({ mode: "demo" });
  const hr: DemoHrHttpServer = await startDemoHrHttpServer({ port: 0 });
  const ownerId = await demoUserId("author");
  const { routineId: approval } = await publishOverDemoHr(
    hr.url,
    ownerId,
    staged("Book leave in stages", [lookUp, approve], [bookLeave, notify]),
  );
  const { routineId: booking } = await publishOverDemoHr(
    hr.url,
    ownerId,
    staged("Book leave, then tell", [lookUp, bookLeave], [notify, confirm]),
  );
  const tools = holdingTools(createRegistryToolPort());
  const worker: RunWorker = buildRunWorker({
    enabled: true,
    concurrency: 4,
    leaseMs: 5_000,
    pollMs: 200,
    tools: tools.port,
    engineOptions: { controlPollMs: 50 },
  });
  worker.start();
  const atRest = (runId: string) =>
    vi.waitFor(() => expect(worker.active()).not.toContain(runId), { timeout: 5_000, interval: 10 });
  return {
    hr,
    tools,
    approval,
    booking,
    /** Waits until no worker holds the run (it released it after pausing, waiting or finishing). */
    atRest,
    /** Signs in as the operator and starts the `approval` routine; resolves once the run rests at its human step. */
    async runWaitingForApproval(): Promise<string> {
      await as("operator");
      const { runId } = await startRun(signedIn(), { routineId: approval, inputs: leaveInputs() });
      await waitForStatus(runId, "waiting");
      await atRest(runId);
      return runId;
    },
    async stop() {
      await worker.stop();
      await sharedToolGateway().close();
      await hr.close();
    },
  };
}

/** Each step run of the run as [step, iteration, state], in order. */
export const stepsOf = async (runId: string) =>
  (await getRun(signedIn(), runId)).steps.map((step) => [step.stepId, step.iteration, step.state]);

/** The payloads of the run's events of one type, in order. */
export const eventsOf = async (runId: string, type: string) =>
  (await prisma.runEvent.findMany({ where: { runId, type }, orderBy: { seq: "asc" } })).map((event) =>
    payloadData(event.payload),
  );

/** The run's audit entries as { action, ...detail }, in order. */
export const auditOf = async (runId: string) =>
  (await prisma.auditLog.findMany({ where: { targetId: runId }, orderBy: { at: "asc" } })).map((entry) => ({
    action: entry.action,
    ...JSON.parse(entry.detail ?? "{}"),
  }));

/**
 * A run of `routineId` put straight into the state `change` describes (a sub-routine run of `parent` when given,
 * held by a fictitious worker when `leased`), in the transaction that creates it, so the test's worker never takes it.
 */
export async function restingRun(
  routineId: string,
  change: RunChange,
  options: { parent?: { runId: string; stepRunId: string }; leased?: boolean } = {},
): Promise<string> {
  const { parent, leased } = options;
  const published = await findPublishedRoutine(routineId);
  const id = randomUUID();
  await writeRuns(function* () {
    yield* insertQueuedRun({
      id,
      published,
      inputs: leaveInputs(),
      request: null,
      source: parent ? "subroutine" : "ui",
      startedById: null,
      budgets: BUDGET_DEFAULTS,
      parent,
    });
    yield* applyRunChange(id, change, [], { owner: null });
    if (leased)
      yield* sqlRun(`UPDATE "run" SET "leaseOwner" = 'worker-x', "leaseUntil" = ? WHERE "id" = ?`, [
        sqlTime(new Date(Date.now() + 600_000)),
        id,
      ]);
  });
  return id;
}
