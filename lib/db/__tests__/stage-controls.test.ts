import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, prisma, ValidationError } from "../core";
import { controlRun, controlStage, decideHumanStep, startRun } from "../../runs/operations";
import { loadRunSnapshot } from "../../runs/store";
import { as } from "../testing/review-test-support";
import { leaveInputs, waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import { runTables } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";
import { auditOf, eventsOf, restingRun, startStageWorld, stepsOf, type StageWorld } from "./stage-support";

// Stage controls (issue #18, decision 0032) on real runs: the worker executes them with the real engine and the demo
// HR tools; the operator's controls go through the DAL.

let world: StageWorld;
beforeAll(async () => {
  world = await startStageWorld();
});
afterAll(() => world.stop());

describe("cancelling a stage", () => {
  it("while the run waits at a human step in it: the stage's steps are skipped and the next stage runs", async () => {
    const runId = await world.runWaitingForApproval();
    const outcome = await controlStage(signedIn(), { runId, stageId: "A", action: "cancel", reason: "Manager away" });
    expect(outcome).toEqual({ status: "queued", effect: "cancelled" });
    await waitForStatus(runId, "succeeded");
    expect(await stepsOf(runId)).toEqual([
      ["employee", 1, "succeeded"],
      ["approve", 1, "skipped"],
      ["apply", 1, "succeeded"],
      ["notify", 1, "succeeded"],
      ["done", 1, "succeeded"],
    ]);
    expect(await eventsOf(runId, "stage.intervention")).toEqual([
      { stageId: "A", by: "Otto Operator", action: "cancelled", reason: "Manager away" },
    ]);
    expect(await eventsOf(runId, "step.skipped")).toContainEqual({
      stepId: "approve",
      reason: 'Stage "Approval" cancelled by Otto Operator: Manager away',
    });
    expect(await auditOf(runId)).toContainEqual(
      expect.objectContaining({ action: "run.stage_cancelled", stageId: "A", reason: "Manager away" }),
    );
  });

  it("while a worker executes a step in it: the step is stopped, its side effect never happens, the run goes on", async () => {
    await as("operator");
    const reached = world.tools.hold("apply_leave");
    const { runId } = await startRun(signedIn(), { routineId: world.booking, inputs: leaveInputs() });
    await reached;
    expect(await controlStage(signedIn(), { runId, stageId: "A", action: "cancel" })).toEqual({
      status: "running",
      effect: "cancel_requested",
    });
    await waitForStatus(runId, "succeeded");
    expect(await stepsOf(runId)).toEqual([
      ["employee", 1, "succeeded"],
      ["apply", 1, "skipped"],
      ["notify", 1, "succeeded"],
      ["confirm", 1, "succeeded"],
      ["done", 1, "succeeded"],
    ]);
    const run = (await loadRunSnapshot(runId))!;
    const apply = run.steps.find((step) => step.stepId === "apply")!;
    expect(apply.output).toMatchObject({ skipped: { stageId: "A", resumeAt: "notify" } });
    // The stopped call was not sent again: nothing was booked under the step's idempotency key.
    expect(
      [...world.hr.store.sideEffects.values()].filter((entry) => entry.idempotencyKey === `${runId}:${apply.id}`),
    ).toEqual([]);
    expect(run.control).toBeNull();
  });

  it("asks the worker, and refuses the run's other controls until the worker has done it", async () => {
    await as("operator");
    const runId = await restingRun(world.booking, {}, { leased: true });
    await controlStage(signedIn(), { runId, stageId: "A", action: "cancel", reason: "Not needed" });
    const stored = (await loadRunSnapshot(runId))!;
    expect(stored.control).toBe("cancel-stage");
    expect(stored.execution).toMatchObject({
      stageCancel: { stageId: "A", by: "Otto Operator", reason: "Not needed" },
    });
    const before = await runTables();
    await expect(controlRun(signedIn(), { runId, action: "cancel" })).rejects.toThrow(
      /A stage of this run is being cancelled/,
    );
    await expect(controlRun(signedIn(), { runId, action: "pause" })).rejects.toThrow(
      /A stage of this run is being cancelled/,
    );
    await expect(controlStage(signedIn(), { runId, stageId: "A", action: "cancel" })).rejects.toThrow(
      /A stage of this run is being cancelled/,
    );
    expect(await runTables()).toEqual(before);
    await prisma.run.update({
      where: { id: runId },
      data: { status: "cancelled", leaseOwner: null, leaseUntil: null },
    });
  });

  it("is refused, with nothing written, for a stage the run has not reached, an unknown stage, or a finished run", async () => {
    const runId = await world.runWaitingForApproval();
    const before = await runTables();
    await expect(controlStage(signedIn(), { runId, stageId: "B", action: "cancel" })).rejects.toThrow(
      'The run has not reached stage "Booking"; pause it there first.',
    );
    await expect(controlStage(signedIn(), { runId, stageId: "B", action: "retry" })).rejects.toThrow(
      'Stage "Booking" has not run yet; there is nothing to retry.',
    );
    await expect(controlStage(signedIn(), { runId, stageId: "nope", action: "pause" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(
      controlStage(signedIn(), { runId, stageId: "A", action: "pause", reason: "x".repeat(501) }),
    ).rejects.toBeInstanceOf(ValidationError);
    await as("author");
    await expect(controlStage(signedIn(), { runId, stageId: "A", action: "cancel" })).rejects.toThrow(
      /operator or admin role/,
    );
    expect(await runTables()).toEqual(before);

    await as("operator");
    await controlRun(signedIn(), { runId, action: "cancel" });
    await expect(controlStage(signedIn(), { runId, stageId: "A", action: "cancel" })).rejects.toBeInstanceOf(
      ConflictError,
    );
  });
});

describe("holding and retrying a stage", () => {
  it("holds a stage the run has not reached: the run pauses before it, and goes into it once resumed", async () => {
    const runId = await world.runWaitingForApproval();
    expect(await controlStage(signedIn(), { runId, stageId: "B", action: "pause", reason: "Check the dates" })).toEqual(
      {
        status: "waiting",
        effect: "held",
      },
    );
    await expect(controlStage(signedIn(), { runId, stageId: "B", action: "pause" })).rejects.toThrow(
      'The run already pauses before stage "Booking".',
    );
    await world.atRest(runId);
    const waiting = (await loadRunSnapshot(runId))!.steps.find((step) => step.state === "waiting")!;
    await decideHumanStep(signedIn(), { runId, stepRunId: waiting.id, decision: "approve" });
    await waitForStatus(runId, "paused");
    expect(await stepsOf(runId)).toEqual([
      ["employee", 1, "succeeded"],
      ["approve", 1, "succeeded"],
    ]);
    expect((await eventsOf(runId, "run.status")).at(-1)).toEqual({
      status: "paused",
      reason: 'Paused before stage "Booking", as Otto Operator asked: Check the dates',
    });
    await world.atRest(runId);
    await controlRun(signedIn(), { runId, action: "resume" });
    expect((await loadRunSnapshot(runId))!.execution).toMatchObject({ stageHolds: [] });
    await waitForStatus(runId, "succeeded");
    expect((await stepsOf(runId)).map(([stepId]) => stepId)).toEqual([
      "employee",
      "approve",
      "apply",
      "notify",
      "done",
    ]);
  });

  it("retries a stage after the run succeeded: its steps run again, and the steps before it do not", async () => {
    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId: world.booking, inputs: leaveInputs() });
    await waitForStatus(runId, "succeeded");
    await world.atRest(runId);
    const sent = world.hr.store.outbox.length;
    expect(await controlStage(signedIn(), { runId, stageId: "B", action: "retry", reason: "Mail bounced" })).toEqual({
      status: "queued",
      effect: "retried",
    });
    await waitForStatus(runId, "succeeded");
    expect(await stepsOf(runId)).toEqual([
      ["employee", 1, "succeeded"],
      ["apply", 1, "succeeded"],
      ["notify", 1, "succeeded"],
      ["confirm", 1, "succeeded"],
      ["done", 1, "succeeded"],
      ["notify", 2, "succeeded"],
      ["confirm", 2, "succeeded"],
      ["done", 2, "succeeded"],
    ]);
    expect(world.hr.store.outbox.length - sent).toBe(2);
    expect(await eventsOf(runId, "stage.intervention")).toEqual([
      { stageId: "B", by: "Otto Operator", action: "retried", reason: "Mail bounced" },
    ]);
    // While the stage runs again, it cannot be retried once more.
    const reached = world.tools.hold("send_email_notification");
    await controlStage(signedIn(), { runId, stageId: "B", action: "retry" });
    await reached;
    await expect(controlStage(signedIn(), { runId, stageId: "B", action: "retry" })).rejects.toThrow(
      "Pause the run before retrying a stage.",
    );
    await controlRun(signedIn(), { runId, action: "cancel" });
    await waitForStatus(runId, "cancelled");
  });
});
