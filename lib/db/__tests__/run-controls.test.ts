import { payloadData } from "../../events/testing/stored-payload";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, prisma, ValidationError } from "../core";
import { controlRun, decideHumanStep, rerunFromStep, retryStep } from "../../runs/operations";
import { claimRuns, loadRunSnapshot, onRunControl } from "../../runs/store";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId } from "../testing/review-test-support";
import {
  humanRoutine,
  publishedRoutine,
  queuedRun,
  runIn,
  runTables,
  setRunState,
} from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";

let routineId: string;
let humanId: string;
let formId: string;

const eventsOf = async (runId: string) =>
  (await prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } })).map((event) => ({
    type: event.type,
    ...payloadData(event.payload),
  }));
const lastEvent = async (runId: string) => (await eventsOf(runId)).at(-1);

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const ownerId = await demoUserId("author");
  ({ routineId } = await publishedRoutine({ ownerId }));
  ({ routineId: humanId } = await publishedRoutine({ ownerId, routine: humanRoutine() }));
  ({ routineId: formId } = await publishedRoutine({
    ownerId,
    routine: humanRoutine([
      { name: "days", type: "integer", required: true },
      { name: "note", type: "string", required: false },
    ]),
  }));
  await as("operator");
});

describe("controlRun on a run nobody executes", () => {
  it("pauses and resumes at once, each with its event and audit entry", async () => {
    const runId = await queuedRun(routineId);
    expect(await controlRun(signedIn(), { runId, action: "pause" })).toEqual({ status: "paused" });
    expect(await lastEvent(runId)).toEqual({
      type: "run.status",
      status: "paused",
      reason: "Paused by Otto Operator.",
    });
    await expect(controlRun(signedIn(), { runId, action: "pause" })).rejects.toThrow(/already paused/);
    expect(await controlRun(signedIn(), { runId, action: "resume" })).toEqual({ status: "queued" });
    expect(await lastEvent(runId)).toMatchObject({ type: "run.status", status: "queued" });
    const before = await runTables();
    await expect(controlRun(signedIn(), { runId, action: "resume" })).rejects.toThrow(/not paused/);
    expect(await runTables()).toEqual(before);
    const audit = await prisma.auditLog.findMany({ where: { targetId: runId }, orderBy: { at: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.targetType])).toEqual([
      ["run.paused", "run"],
      ["run.resumed", "run"],
    ]);
  });

  it("cancels a waiting run with its open step and its unfinished sub-routine", async () => {
    const { runId, stepRunId } = await runIn.waiting(humanId);
    const childId = randomUUID();
    await prisma.run.create({
      data: {
        id: childId,
        routineId,
        versionId: (await loadRunSnapshot(runId))!.versionId,
        versionNumber: 1,
        routineName: "child",
        status: "queued",
        parentRunId: runId,
        parentStepRunId: stepRunId,
      },
    });
    expect(await controlRun(signedIn(), { runId, action: "cancel" })).toEqual({ status: "cancelled" });
    const run = (await loadRunSnapshot(runId))!;
    expect(run.status).toBe("cancelled");
    expect(run.steps.find((step) => step.id === stepRunId)!.state).toBe("cancelled");
    expect((await eventsOf(runId)).slice(-2).map((event) => event.type)).toEqual(["step.cancelled", "run.finished"]);
    expect(await lastEvent(runId)).toMatchObject({ status: "cancelled" });
    expect((await loadRunSnapshot(childId))!.status).toBe("cancelled");
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).finishedAt).not.toBeNull();
  });

  it("refuses anything on a finished run, writing nothing", async () => {
    const runId = await queuedRun(routineId);
    await setRunState(runId, { run: { status: "succeeded", finishedAt: new Date() } });
    const before = await runTables();
    for (const action of ["pause", "resume", "cancel"] as const) {
      await expect(controlRun(signedIn(), { runId, action })).rejects.toThrow(/already succeeded/);
    }
    expect(await runTables()).toEqual(before);
    await expect(controlRun(signedIn(), { runId: "no-such-run", action: "pause" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe("controlRun on a run a worker executes", () => {
  it("notes the request for the worker and hands it to the worker of this process at once", async () => {
    await prisma.run.updateMany({ where: { status: "queued" }, data: { status: "cancelled" } });
    const runId = await queuedRun(routineId);
    expect(await claimRuns("worker-x", 10, 60_000)).toEqual([runId]);
    const heard: Array<[string, string | null]> = [];
    const stop = onRunControl((id, control) => heard.push([id, control]));
    expect(await controlRun(signedIn(), { runId, action: "pause" })).toEqual({ status: "queued" });
    expect((await loadRunSnapshot(runId))!.control).toBe("pause");
    await expect(controlRun(signedIn(), { runId, action: "pause" })).rejects.toThrow(/already requested/);
    expect(await controlRun(signedIn(), { runId, action: "cancel" })).toEqual({ status: "queued" });
    stop();
    expect((await loadRunSnapshot(runId))!.control).toBe("cancel");
    expect(heard).toEqual([
      [runId, "pause"],
      [runId, "cancel"],
    ]);
    expect(await lastEvent(runId)).toMatchObject({
      type: "run.status",
      reason: expect.stringMatching(/cancelled the run; the step in flight is stopped/),
    });
  });
});

describe("retryStep and rerunFromStep", () => {
  it("retries only the step a failed run failed at", async () => {
    const { runId, stepRunId } = await runIn.failed(routineId);
    await expect(retryStep(signedIn(), { runId, stepRunId: "not-a-step-run" })).rejects.toBeInstanceOf(NotFoundError);
    expect(await retryStep(signedIn(), { runId, stepRunId })).toEqual({ status: "queued", stepRunId });
    const run = (await loadRunSnapshot(runId))!;
    expect(run.steps[0]).toMatchObject({ id: stepRunId, state: "pending", error: null, attempt: 1 });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).error).toBeNull();
    expect((await eventsOf(runId)).slice(-2)).toEqual([
      expect.objectContaining({ type: "step.intervention", action: "retried", stepRunId, by: "Otto Operator" }),
      expect.objectContaining({ type: "run.status", status: "queued" }),
    ]);
    await expect(retryStep(signedIn(), { runId, stepRunId })).rejects.toBeInstanceOf(ConflictError);
  });

  it("re-runs a step as a new execution with the edited input, closing a step still open after it", async () => {
    const { runId, stepRunId: waitingId } = await runIn.waiting(humanId);
    const summarize = (await loadRunSnapshot(runId))!.steps[0]!;
    await expect(rerunFromStep(signedIn(), { runId, stepRunId: waitingId, input: {} })).rejects.toThrow(
      /Only a tool or skill step/,
    );
    // The step's only input is bound to the run's input ticket: the routine fixes it (issue #29).
    await expect(
      rerunFromStep(signedIn(), { runId, stepRunId: summarize.id, input: { text: "a better ticket" } }),
    ).rejects.toThrow(/"text" is fixed by the routine to the run's input ticket/);
    const { stepRunId } = await rerunFromStep(signedIn(), {
      runId,
      stepRunId: summarize.id,
      input: { text: "The printer is on fire." },
    });
    const run = (await loadRunSnapshot(runId))!;
    expect(run.status).toBe("queued");
    expect(run.steps.map((step) => [step.stepId, step.iteration, step.state])).toEqual([
      ["summarize", 1, "succeeded"],
      ["approve", 1, "cancelled"],
      ["summarize", 2, "pending"],
    ]);
    expect(run.steps[2]).toMatchObject({ id: stepRunId, input: { text: "The printer is on fire." }, attempt: 0 });
    await expect(
      rerunFromStep(signedIn(), { runId, stepRunId: summarize.id, input: { text: "The printer is on fire." } }),
    ).rejects.toThrow(/Pause the run/);
  });
});

describe("decideHumanStep", () => {
  it("checks a form's values field by field, then records them as the step's outputs", async () => {
    const { runId, stepRunId } = await runIn.waiting(formId);
    const before = await runTables();
    const error = await decideHumanStep(signedIn(), {
      runId,
      stepRunId,
      decision: "approve",
      values: { days: "two", extra: 1 },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({
      days: ["days must be a whole number."],
      extra: ['"extra" is not a field of this form.'],
    });
    expect(await runTables()).toEqual(before);
    expect(
      await decideHumanStep(signedIn(), {
        runId,
        stepRunId,
        decision: "approve",
        values: { days: "2" },
        comment: "ok",
      }),
    ).toEqual({ status: "queued", stepRunId });
    expect((await loadRunSnapshot(runId))!.steps.find((step) => step.id === stepRunId)).toMatchObject({
      state: "succeeded",
      output: { days: 2 },
    });
    expect((await eventsOf(runId)).map((event) => event.type).slice(-4)).toEqual([
      "step.intervention",
      "step.output",
      "step.succeeded",
      "run.status",
    ]);
    await expect(decideHumanStep(signedIn(), { runId, stepRunId, decision: "approve" })).rejects.toThrow(/not waiting/);
  });

  it("fails the step on a rejection, with the comment", async () => {
    const { runId, stepRunId } = await runIn.waiting(humanId);
    await decideHumanStep(signedIn(), { runId, stepRunId, decision: "reject", comment: "Wrong dates" });
    expect((await loadRunSnapshot(runId))!.steps.find((step) => step.id === stepRunId)).toMatchObject({
      state: "failed",
      error: "Rejected by an operator: Wrong dates",
    });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { targetId: runId, action: "run.step_decided" } });
    expect(JSON.parse(audit.detail!)).toMatchObject({ stepRunId, decision: "rejected" });
  });
});
