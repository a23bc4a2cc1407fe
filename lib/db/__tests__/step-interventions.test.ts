import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Step } from "../../routine";
import { controlRun, decideHumanStep, retryStep, skipStep } from "../../runs/operations";
import { loadRunSnapshot } from "../../runs/store";
import { as, demoUserId } from "../testing/review-test-support";
import { waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";
import { auditOf, eventsOf, restingRun, staged, startStageWorld, stepsOf, type StageWorld } from "./stage-support";

// Skipping and retrying a step with a reason (issue #18, decision 0032) on real runs with the worker and the demo
// HR tools.

let world: StageWorld;
beforeAll(async () => {
  world = await startStageWorld();
});
afterAll(() => world.stop());

describe("skipping and retrying a step with a reason", () => {
  it("skips the human step the run waits at: the run goes on after it, and the skip is recorded", async () => {
    const runId = await world.runWaitingForApproval();
    const run = (await loadRunSnapshot(runId))!;
    const waiting = run.steps.find((step) => step.state === "waiting")!;
    const done = run.steps.find((step) => step.state === "succeeded")!;
    await expect(skipStep(signedIn(), { runId, stepRunId: waiting.id, reason: "  " })).rejects.toMatchObject({
      fieldErrors: { reason: ["Say why you skip this step."] },
    });
    await expect(skipStep(signedIn(), { runId, stepRunId: done.id, reason: "no" })).rejects.toThrow(
      /Only the step the run stands at/,
    );
    expect(await skipStep(signedIn(), { runId, stepRunId: waiting.id, reason: "Approved by phone" })).toEqual({
      status: "queued",
      stepRunId: waiting.id,
    });
    await waitForStatus(runId, "succeeded");
    expect(await stepsOf(runId)).toEqual([
      ["employee", 1, "succeeded"],
      ["approve", 1, "skipped"],
      ["apply", 1, "succeeded"],
      ["notify", 1, "succeeded"],
      ["done", 1, "succeeded"],
    ]);
    expect(await eventsOf(runId, "step.intervention")).toEqual([
      expect.objectContaining({
        stepRunId: waiting.id,
        by: "Otto Operator",
        action: "skipped",
        reason: "Approved by phone",
      }),
    ]);
    expect(await auditOf(runId)).toContainEqual(
      expect.objectContaining({ action: "run.step_skipped", stepRunId: waiting.id, reason: "Approved by phone" }),
    );
  });

  it("skipping a step that waits for a sub-routine cancels the sub-routine's run", async () => {
    await as("operator");
    const call: Step = {
      id: "call",
      kind: "routine",
      name: "Book it in the sub-routine",
      description: "",
      routineId: world.booking,
      inputs: {},
      outputs: [],
    };
    const { routineId } = await publishedRoutine({
      ownerId: await demoUserId("author"),
      routine: staged("Book through a sub-routine", [call], []),
    });
    const stepRunId = randomUUID();
    const runId = await restingRun(routineId, {
      run: { status: "waiting", startedAt: new Date() },
      steps: [{ id: stepRunId, stepId: "call", iteration: 1, state: "waiting", attempt: 1, startedAt: new Date() }],
    });
    const childId = await restingRun(world.booking, { run: { status: "waiting" } }, { parent: { runId, stepRunId } });
    await skipStep(signedIn(), { runId, stepRunId, reason: "Booked by hand" });
    expect((await loadRunSnapshot(childId))!.status).toBe("cancelled");
    await waitForStatus(runId, "succeeded");
    expect(await stepsOf(runId)).toEqual([
      ["call", 1, "skipped"],
      ["done", 1, "succeeded"],
    ]);
  });

  it("records the reason of a retry in the event and the audit entry", async () => {
    const runId = await world.runWaitingForApproval();
    const stepRunId = (await loadRunSnapshot(runId))!.steps.find((step) => step.state === "waiting")!.id;
    await decideHumanStep(signedIn(), { runId, stepRunId, decision: "reject", comment: "Wrong dates" });
    await waitForStatus(runId, "failed");
    await retryStep(signedIn(), { runId, stepRunId, reason: "The dates are fixed" });
    expect((await eventsOf(runId, "step.intervention")).at(-1)).toMatchObject({
      action: "retried",
      reason: "The dates are fixed",
    });
    expect(await eventsOf(runId, "run.status")).toContainEqual({
      status: "queued",
      reason: 'Otto Operator retried "Manager approves": The dates are fixed',
    });
    expect(await auditOf(runId)).toContainEqual(
      expect.objectContaining({ action: "run.step_retried", reason: "The dates are fixed" }),
    );
    await waitForStatus(runId, "waiting");
    await controlRun(signedIn(), { runId, action: "cancel" });
  });
});
