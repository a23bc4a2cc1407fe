import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { RUN_NOT_FOUND } from "@/lib/runs/operations";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { seedDatabase } from "@/lib/demo/seed";
import { readPlanState, type PlanState } from "@/lib/events";
import { editTaskAction, saveAsDraftAction } from "../planned-actions";
import { plannedRun, task } from "@/lib/runs/planned-operations/testing/planned-run-fixtures";

// A planned run's actions on the run page, called as the browser calls them, with real sessions and a real database.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

let operatorId: string;
let authorId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  operatorId = await demoUserId("operator");
  authorId = await demoUserId("author");
});

const PAUSED_PLAN: PlanState = {
  round: 1,
  tasks: [task("t1", "done", "Find Ann Lee"), task("t2", "pending", "Check her balance")],
  answer: null,
};

const DONE_PLAN: PlanState = {
  round: 2,
  tasks: [task("t1", "done", "Find Ann Lee"), task("t2", "done", "Check her balance")],
  answer: "Ann Lee (E1024) has 12 days of annual leave.",
};

const storedPlan = async (runId: string) =>
  readPlanState((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).plan);

describe("editTaskAction", () => {
  it("saves an operator's edit of a pending task of a paused run; the planner chooses when no actor is given", async () => {
    const runId = await plannedRun({ status: "paused", plan: PAUSED_PLAN, startedById: operatorId });
    await as("operator");
    const result = await editTaskAction({
      runId,
      taskId: "t2",
      title: "  Check Ann's annual balance ",
      criteria: "The annual balance is known.",
      actorId: "",
    });
    expect(result).toMatchObject({ status: "success", message: expect.stringMatching(/t2 saved/) });
    expect((await storedPlan(runId))?.tasks[1]).toMatchObject({
      title: "Check Ann's annual balance",
      criteria: "The annual balance is known.",
      actorId: null,
    });
  });

  it("names the field a bad edit got wrong, and says why a task that ran cannot change", async () => {
    const runId = await plannedRun({ status: "paused", plan: PAUSED_PLAN, startedById: operatorId });
    await as("operator");
    expect(
      await editTaskAction({ runId, taskId: "t2", title: "   ", criteria: "x".repeat(5_000), actorId: "" }),
    ).toMatchObject({
      status: "error",
      fieldErrors: { title: [expect.stringMatching(/title/)], criteria: [expect.stringMatching(/under/)] },
    });
    expect(
      await editTaskAction({ runId, taskId: "t1", title: "Find her", criteria: "Found.", actorId: "" }),
    ).toMatchObject({ status: "error", message: expect.any(String) });
    expect(await storedPlan(runId)).toEqual(PAUSED_PLAN);
  });

  it("refuses people who may not control runs, changing nothing", async () => {
    const runId = await plannedRun({ status: "paused", plan: PAUSED_PLAN, startedById: operatorId });
    for (const who of ["author", "reviewer", "anonymous"] as const) {
      await as(who);
      const result = await editTaskAction({ runId, taskId: "t2", title: "Other", criteria: "Other.", actorId: "" });
      expect(result, who).toMatchObject({ status: "error" });
    }
    expect(await storedPlan(runId)).toEqual(PAUSED_PLAN);
  });
});

describe("saveAsDraftAction", () => {
  it("saves a succeeded planned run as a routine draft and answers where it is and how many issues it has", async () => {
    const runId = await plannedRun({ status: "succeeded", plan: DONE_PLAN, startedById: operatorId });
    await as("admin");
    const result = await saveAsDraftAction({ runId });
    expect(result).toMatchObject({
      status: "success",
      data: { routineId: expect.any(String), versionId: expect.any(String), issues: expect.any(Number) },
    });
    const { routineId } = (result as { data: { routineId: string } }).data;
    expect(await prisma.routineVersion.findFirstOrThrow({ where: { routineId } })).toMatchObject({ status: "draft" });
  });

  it("lets an author save a run they may see, owning the draft, and is told it is not found for one they may not", async () => {
    // An author sees a planned run they started (it has no routine to own); one an operator started is hidden.
    const own = await plannedRun({ status: "succeeded", plan: DONE_PLAN, startedById: authorId });
    const hidden = await plannedRun({ status: "succeeded", plan: DONE_PLAN, startedById: operatorId });
    await as("author");
    const saved = await saveAsDraftAction({ runId: own });
    expect(saved).toMatchObject({ status: "success", data: { routineId: expect.any(String) } });
    const { routineId } = (saved as { data: { routineId: string } }).data;
    expect(await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).toMatchObject({ ownerId: authorId });

    const before = await prisma.routine.count();
    expect(await saveAsDraftAction({ runId: hidden })).toMatchObject({ status: "error", message: RUN_NOT_FOUND });
    expect(await prisma.routine.count()).toBe(before);
  });

  it("refuses an operator, and a run that did not succeed, creating no routine", async () => {
    const succeeded = await plannedRun({ status: "succeeded", plan: DONE_PLAN, startedById: operatorId });
    const paused = await plannedRun({ status: "paused", plan: PAUSED_PLAN, startedById: operatorId });
    const before = await prisma.routine.count();
    await as("operator");
    expect(await saveAsDraftAction({ runId: succeeded })).toMatchObject({ status: "error" });
    await as("admin");
    expect(await saveAsDraftAction({ runId: paused })).toMatchObject({
      status: "error",
      message: expect.stringMatching(/succeeded/),
    });
    expect(await prisma.routine.count()).toBe(before);
  });
});
