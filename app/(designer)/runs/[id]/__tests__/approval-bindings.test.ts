import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signedIn } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma, ValidationError } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "@/lib/demo/hr-server";
import { keyedDigest } from "@/lib/crypto";
import { canonicalJson } from "@/lib/tools";
import type { Step } from "@/lib/routine";
import { rerunFromStep, retryStep, startRun } from "@/lib/runs/operations";
import { buildRunWorker, loadRunSnapshot, type RunWorker } from "@/lib/runs/store";
import { sharedToolGateway } from "@/lib/tool-gateway";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { runTables } from "@/lib/runs/store/testing/run-test-support";
import {
  doneStep,
  leaveInputs,
  leaveRoutineOf,
  lookUp,
  publishOverDemoHr,
  waitForStatus,
} from "@/lib/runs/store/testing/demo-hr-runs";
import { decideHumanStepAction, rerunFromStepAction } from "../actions";

// Operators stay inside the routine (issue #29, part 3): an approval binds the arguments it approved, and a re-run
// changes only what the routine leaves open. Through the run page's server actions and the DAL, a real worker and
// engine, and the demo HR MCP server, whose outbox shows which emails were really sent.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

const SUBJECT = "Your leave request";
/** The gated write: `to` from the run's input, `subject` a literal, `body` from the looked-up record (open). */
const notify: Step = {
  id: "notify",
  kind: "tool",
  name: "Email the employee",
  description: "",
  tool: { server: "hr", name: "send_email_notification" },
  inputs: {
    to: { from: "input", name: "employee_id" },
    subject: { from: "literal", value: SUBJECT },
    body: { from: "step", stepId: "employee", path: "employee.job_title" },
  },
  outputs: [{ name: "message", description: "" }],
  requiresApproval: true,
};

let hr: DemoHrHttpServer;
let worker: RunWorker;
let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  ({ routineId } = await publishOverDemoHr(
    hr.url,
    await demoUserId("author"),
    leaveRoutineOf("Email with approval", [lookUp, notify, doneStep]),
  ));
  worker = buildRunWorker({ enabled: true, concurrency: 2, leaseMs: 5_000, pollMs: 100 });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await sharedToolGateway().close();
  await hr.close();
});

const atRest = (runId: string) =>
  vi.waitFor(() => expect(worker.active()).not.toContain(runId), { timeout: 5_000, interval: 10 });

/** What the HR server's outbox holds for one employee (the demo server records every email it is asked to send). */
const sentTo = (email: string) => hr.store.outbox.filter((message) => message.to.includes(email));

/** A run of the routine resting at its approval, with the waiting step run and the employee's email address. */
async function runAtApproval() {
  await as("operator");
  const inputs = leaveInputs();
  const { runId } = await startRun(signedIn(), { routineId, inputs });
  await waitForStatus(runId, "waiting");
  await atRest(runId);
  const run = (await loadRunSnapshot(runId))!;
  const waiting = run.steps.find((step) => step.state === "waiting")!;
  const employee = run.steps.find((step) => step.stepId === "employee")!.output as { employee: { email: string } };
  return { runId, inputs, waiting, email: employee.employee.email };
}

async function reject(runId: string, stepRunId: string) {
  const rejected = await decideHumanStepAction(
    idleState,
    formData({ runId, stepRunId, decision: "reject", comment: "Not that text" }),
  );
  expect(rejected).toMatchObject({ status: "success" });
  await waitForStatus(runId, "failed");
  await atRest(runId);
}

describe("an approval binds the arguments it approved", () => {
  it("a re-run with an edited input after a rejection waits for approval, then sends exactly what was approved", async () => {
    const { runId, waiting, email, inputs } = await runAtApproval();
    await reject(runId, waiting.id);

    const edited = { ...(waiting.input as Record<string, string>), body: "Your leave is booked, see you soon." };
    const rerun = await rerunFromStepAction(
      idleState,
      formData({ runId, stepRunId: waiting.id, input: JSON.stringify(edited) }),
    );
    expect(rerun).toMatchObject({ status: "success" });
    await waitForStatus(runId, "waiting");
    await atRest(runId);
    // Nothing was sent: the edited call waits for an operator like the first one did.
    expect(sentTo(email)).toEqual([]);
    const again = (await loadRunSnapshot(runId))!.steps.at(-1)!;
    expect(again).toMatchObject({ stepId: "notify", iteration: 2, state: "waiting", input: edited, approval: null });

    expect(
      await decideHumanStepAction(idleState, formData({ runId, stepRunId: again.id, decision: "approve" })),
    ).toMatchObject({ status: "success" });
    await waitForStatus(runId, "succeeded");
    expect(sentTo(email).map(({ subject, body }) => ({ subject, body }))).toEqual([
      { subject: SUBJECT, body: "Your leave is booked, see you soon." },
    ]);
    const approved = (await loadRunSnapshot(runId))!.steps.find((step) => step.id === again.id)!;
    expect(approved.approval).toEqual({ by: "Otto Operator", at: expect.any(String), inputDigest: expect.any(String) });
    // The decision's audit entry names the arguments by their keyed digest, not their values.
    const decided = await prisma.auditLog.findMany({ where: { targetId: runId, action: "run.step_decided" } });
    expect(decided.map((entry) => JSON.parse(entry.detail!).inputDigest)).toEqual([
      keyedDigest(canonicalJson(waiting.input)),
      keyedDigest(canonicalJson(edited)),
    ]);
    expect(decided.map((entry) => entry.detail).join()).not.toContain(inputs.employee_id);
  });

  it("a retried rejected call waits for a new approval and calls nothing", async () => {
    const { runId, waiting, email } = await runAtApproval();
    await reject(runId, waiting.id);
    await retryStep(signedIn(), { runId, stepRunId: waiting.id, reason: "Try again" });
    await waitForStatus(runId, "waiting");
    await atRest(runId);
    expect((await loadRunSnapshot(runId))!.steps.find((step) => step.id === waiting.id)).toMatchObject({
      state: "waiting",
      input: waiting.input,
      approval: null,
    });
    expect(sentTo(email)).toEqual([]);
    expect([...hr.store.sideEffects.values()].filter((entry) => entry.idempotencyKey.startsWith(runId))).toEqual([]);
  });
});

describe("a re-run changes only what the routine leaves open", () => {
  it("refuses to change an argument the routine binds to an input or a literal, naming it, and writes nothing", async () => {
    const { runId, waiting, email } = await runAtApproval();
    await reject(runId, waiting.id);
    const original = waiting.input as Record<string, string>;
    const before = await runTables();

    const redirected = await rerunFromStepAction(
      idleState,
      formData({ runId, stepRunId: waiting.id, input: JSON.stringify({ ...original, to: "x@evil.example" }) }),
    );
    expect(redirected).toMatchObject({
      status: "error",
      fieldErrors: {
        input: [
          `"to" is fixed by the routine to the run's input employee_id ("${original.to}"): a re-run cannot change it.`,
        ],
      },
    });
    const attempts = [
      { ...original, subject: "Urgent: confirm your bank details" },
      { ...original, cc: ["x@evil.example"] },
      { body: original.body },
    ];
    const refusals: unknown[] = [];
    for (const input of attempts) {
      const refused = await rerunFromStep(signedIn(), { runId, stepRunId: waiting.id, input }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ValidationError);
      refusals.push((refused as ValidationError).fieldErrors?.input);
    }
    const [subject, cc, missing] = refusals;
    expect(subject).toEqual([
      `"subject" is fixed by the routine to the literal value "${SUBJECT}": a re-run cannot change it.`,
    ]);
    expect(cc).toEqual([`"cc" is not an argument the routine gives this step: a re-run cannot add it.`]);
    expect(missing).toEqual([
      expect.stringMatching(/^"to" is fixed .* cannot leave it out\.$/),
      expect.stringMatching(/^"subject" is fixed .* cannot leave it out\.$/),
    ]);
    expect(await runTables()).toEqual(before);
    expect(sentTo(email)).toEqual([]);
  });

  it("audits the edit with keyed digests of the input before and after and the fields changed, never the values", async () => {
    const { runId, waiting, inputs } = await runAtApproval();
    await reject(runId, waiting.id);
    const original = waiting.input as Record<string, string>;
    const edited = { ...original, body: "A private note for the employee" };
    await rerunFromStep(signedIn(), { runId, stepRunId: waiting.id, input: edited });
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { targetId: runId, action: "run.step_rerun" } });
    expect(JSON.parse(entry.detail!)).toEqual({
      stepRunId: waiting.id,
      newStepRunId: expect.any(String),
      stepId: "notify",
      inputDigestBefore: keyedDigest(canonicalJson(original)),
      inputDigestAfter: keyedDigest(canonicalJson(edited)),
      changedFields: ["body"],
    });
    for (const value of [edited.body, original.body, inputs.employee_id, SUBJECT])
      expect(entry.detail).not.toContain(value);
    await waitForStatus(runId, "waiting");
  });
});
