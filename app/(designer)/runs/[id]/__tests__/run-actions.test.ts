import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { applyRunChange, writeRuns } from "@/lib/runs/store/testing/run-sql-access";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { publishedRoutine, queuedRun } from "@/lib/runs/store/testing/run-test-support";
import { makeRoutine, makeStep } from "@/lib/db/testing/routine-factories";
import { loadRunFormAction, startRunAction } from "../../../routines/[id]/run-actions";
import {
  controlRunAction,
  decideHumanStepAction,
  readRunVariableAction,
  rerunFromStepAction,
  retryStepAction,
} from "../actions";
import { controlStageAction, skipStepAction } from "../stage-actions";

// The run page's and the Run dialog's server actions, called as the browser calls them (FormData in, ActionState
// out) with real sessions and a real database: what a crafted request gets when the page hides the button.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

let routineId: string;
let operatorId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  operatorId = await demoUserId("operator");
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("admin") }));
});

describe("the Run dialog's actions", () => {
  it("reads the published version's inputs, and starts a run with them, naming what is missing", async () => {
    await as("operator");
    expect(await loadRunFormAction(routineId)).toMatchObject({
      ok: true,
      form: { versionNumber: 1, inputs: [{ name: "ticket", required: true }] },
    });
    const missing = await startRunAction(idleState, formData({ routineId, mode: "form", inputs: "{}" }));
    expect(missing).toMatchObject({ status: "error", fieldErrors: { ticket: [expect.stringMatching(/required/)] } });
    const started = await startRunAction(
      idleState,
      formData({ routineId, mode: "form", inputs: JSON.stringify({ ticket: "Printer on fire" }) }),
    );
    expect(started).toMatchObject({ status: "success", data: { runId: expect.any(String) } });
    const runId = (started as { data: { runId: string } }).data.runId;
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      source: "ui",
      startedById: operatorId,
      status: "queued",
    });
    expect(await startRunAction(idleState, formData({ routineId, mode: "request", request: "   " }))).toMatchObject({
      status: "error",
      fieldErrors: { request: [expect.any(String)] },
    });
  });

  it("refuses people who may not run routines, and says why a routine cannot run", async () => {
    await as("author");
    expect(await loadRunFormAction(routineId)).toEqual({ ok: false, message: expect.stringMatching(/not allowed/) });
    const before = await prisma.run.count();
    expect(
      await startRunAction(idleState, formData({ routineId, mode: "form", inputs: JSON.stringify({ ticket: "x" }) })),
    ).toMatchObject({ status: "error", message: expect.stringMatching(/not allowed/) });
    expect(await prisma.run.count()).toBe(before);
    await as("operator");
    const { routineId: draft } = await publishedRoutine({ ownerId: operatorId, published: false });
    expect(await loadRunFormAction(draft)).toEqual({ ok: false, message: expect.stringMatching(/not published/) });
  });
});

describe("the run page's actions", () => {
  it("pauses and resumes a run for an operator; an author is refused and nothing changes", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await as("author");
    expect(await controlRunAction(idleState, formData({ runId, action: "pause" }))).toMatchObject({
      status: "error",
      message: expect.stringMatching(/not allowed/),
    });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("queued");
    await as("operator");
    expect(await controlRunAction(idleState, formData({ runId, action: "explode" }))).toMatchObject({
      status: "error",
      fieldErrors: { action: [expect.any(String)] },
    });
    expect(await controlRunAction(idleState, formData({ runId, action: "pause" }))).toMatchObject({
      status: "success",
    });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("paused");
    expect(await controlRunAction(idleState, formData({ runId, action: "pause" }))).toMatchObject({
      status: "error",
      message: "This run is already paused.",
    });
    expect(await controlRunAction(idleState, formData({ runId, action: "resume" }))).toMatchObject({
      status: "success",
    });
  });

  it("checks an edited input and form values before the DAL sees them", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await as("operator");
    expect(await rerunFromStepAction(idleState, formData({ runId, stepRunId: "x", input: "{ nope" }))).toMatchObject({
      status: "error",
      fieldErrors: { input: ["The input is not valid JSON."] },
    });
    expect(await rerunFromStepAction(idleState, formData({ runId, stepRunId: "x", input: "[1]" }))).toMatchObject({
      status: "error",
      fieldErrors: { input: ["The input must be a JSON object."] },
    });
    expect(
      await decideHumanStepAction(
        idleState,
        formData({ runId, stepRunId: "x", decision: "approve", values: "{ nope" }),
      ),
    ).toMatchObject({ status: "error", fieldErrors: { values: [expect.any(String)] } });
    expect(
      await decideHumanStepAction(idleState, formData({ runId, stepRunId: "x", decision: "maybe" })),
    ).toMatchObject({ status: "error", fieldErrors: { decision: [expect.any(String)] } });
    expect(await retryStepAction(idleState, formData({ runId, stepRunId: "x" }))).toMatchObject({
      status: "error",
      message: "That step run is not part of this run.",
    });
  });

  it("controls a stage and skips a step for an operator; an author is refused and nothing changes", async () => {
    const { routineId: staged } = await publishedRoutine({
      ownerId: operatorId,
      routine: makeRoutine({
        steps: [
          makeStep({ id: "summarize", name: "Summarize", stageId: "write" }),
          { id: "done", kind: "end", name: "Done", description: "" },
        ],
        stages: [{ id: "write", name: "Write", description: "" }],
      }),
    });
    const runId = await queuedRun(staged, { startedById: operatorId });
    await as("author");
    expect(await controlStageAction(idleState, formData({ runId, stageId: "write", action: "pause" }))).toMatchObject({
      status: "error",
      message: expect.stringMatching(/not allowed/),
    });
    expect(await skipStepAction(idleState, formData({ runId, stepRunId: "x", reason: "done by hand" }))).toMatchObject({
      status: "error",
      message: expect.stringMatching(/not allowed/),
    });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("queued");

    await as("operator");
    expect(await controlStageAction(idleState, formData({ runId, stageId: "write", action: "explode" }))).toMatchObject(
      {
        status: "error",
        fieldErrors: { action: ["Choose pause, cancel or retry."] },
      },
    );
    expect(
      await controlStageAction(
        idleState,
        formData({ runId, stageId: "write", action: "pause", reason: "x".repeat(501) }),
      ),
    ).toMatchObject({ status: "error", fieldErrors: { reason: ["Keep the reason under 500 characters."] } });
    expect(await controlStageAction(idleState, formData({ runId, stageId: "nope", action: "pause" }))).toMatchObject({
      status: "error",
      message: "That stage is not part of this run's routine.",
    });
    expect(
      await controlStageAction(idleState, formData({ runId, stageId: "write", action: "pause", reason: "Checking" })),
    ).toEqual({ status: "success", message: "Stage paused: the run is paused." });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("paused");
    expect(await skipStepAction(idleState, formData({ runId, stepRunId: "x", reason: " " }))).toMatchObject({
      status: "error",
      fieldErrors: { reason: ["Say why you skip this step."] },
    });
    expect(
      await retryStepAction(idleState, formData({ runId, stepRunId: "x", reason: "y".repeat(501) })),
    ).toMatchObject({ status: "error", fieldErrors: { reason: ["Keep the reason under 500 characters."] } });
  });

  it("shows a variable's whole value to who may see the run, and the same not-found to everyone else", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await writeRuns(() =>
      applyRunChange(
        runId,
        { variables: [{ key: "VAR_summarize_1", stepId: "summarize", value: "A long tool output" }] },
        [],
        { owner: null },
      ),
    );
    await as("operator");
    expect(await readRunVariableAction(runId, "VAR_summarize_1")).toEqual({
      ok: true,
      value: "A long tool output",
      bytes: 18,
    });
    await as("reviewer");
    expect(await readRunVariableAction(runId, "VAR_summarize_1")).toEqual({
      ok: false,
      message: "That run does not exist, or you do not have access to it.",
    });
    await as("anonymous");
    expect(await readRunVariableAction(runId, "VAR_summarize_1")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/sign in/i),
    });
  });
});
