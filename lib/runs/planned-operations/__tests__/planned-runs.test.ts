import { payloadData } from "../../../events/testing/stored-payload";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, UnauthenticatedError } from "../../../access";
import { seedDatabase } from "../../../demo/seed";
import { readPlanState, runEventBus, type PlanState, type RunEvent } from "../../../events";
import { routineSchema } from "../../../routine";
import { runTables } from "../../store/testing/run-test-support";
import { signedIn } from "../../../../test/request-context";
import { ConflictError, NotFoundError, prisma, ValidationError } from "../../../db/core";
import { getRoutine, listRoutines } from "../../../db/library";
import { as, demoUserId } from "../../../db/testing/review-test-support";
import { editPlannedTask, saveRunAsDraft } from "..";
import { DONE_PLAN, plannedRun, REQUEST, registerHrCatalog, task } from "../testing/planned-run-fixtures";

let operatorId: string;
let authorId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  await registerHrCatalog();
  operatorId = await demoUserId("operator");
  authorId = await demoUserId("author");
});

const PAUSED_PLAN: PlanState = {
  round: 1,
  tasks: [task("t1", "done", "Find Ann Lee"), task("t2", "pending", "Check her balance")],
  answer: null,
};

describe("saveRunAsDraft", () => {
  it("lets only authors and admins who may see the run save it", async () => {
    const runId = await plannedRun({ status: "succeeded", plan: DONE_PLAN, startedById: operatorId });
    await as("anonymous");
    await expect(saveRunAsDraft(signedIn(), runId)).rejects.toBeInstanceOf(UnauthenticatedError);
    for (const who of ["reviewer", "operator"] as const) {
      await as(who);
      await expect(saveRunAsDraft(signedIn(), runId)).rejects.toBeInstanceOf(ForbiddenError);
    }
    await as("author");
    await expect(saveRunAsDraft(signedIn(), runId)).rejects.toBeInstanceOf(NotFoundError);
    const own = await plannedRun({ status: "succeeded", plan: DONE_PLAN, startedById: authorId });
    await expect(saveRunAsDraft(signedIn(), own)).resolves.toMatchObject({ routineId: expect.any(String) });
  });

  it("refuses a planned run that did not succeed, writing nothing", async () => {
    await as("admin");
    for (const status of ["paused", "failed", "cancelled"] as const) {
      const runId = await plannedRun({ status, plan: DONE_PLAN, startedById: operatorId });
      const routines = await prisma.routine.count();
      await expect(saveRunAsDraft(signedIn(), runId)).rejects.toThrow(/only a run that succeeded/);
      await expect(saveRunAsDraft(signedIn(), runId)).rejects.toBeInstanceOf(ConflictError);
      expect(await prisma.routine.count()).toBe(routines);
    }
  });

  it("puts a schema-valid draft in the library with the request as its intent, audited", async () => {
    await as("admin");
    const runId = await plannedRun({ status: "succeeded", plan: DONE_PLAN, startedById: operatorId });
    const { routineId, versionId, issues } = await saveRunAsDraft(signedIn(), runId);
    expect(issues.filter((found) => found.severity === "error")).toEqual([]);

    const listed = (await listRoutines(signedIn())).find((summary) => summary.id === routineId);
    expect(listed).toMatchObject({ status: "draft", versionNumber: 1, stepCount: 4 });
    const detail = await getRoutine(signedIn(), routineId);
    expect(detail.versionId).toBe(versionId);
    expect(routineSchema.safeParse(detail.routine).success).toBe(true);
    expect(detail.routine.intents).toEqual([REQUEST]);
    expect(detail.routine.description).toContain(`Drafted from planned run ${runId}`);
    const balance = detail.routine.steps.find((step) => step.id === "t2-c1");
    expect(balance).toMatchObject({
      kind: "tool",
      inputs: { employee_id: { from: "step", stepId: "t1-c1", path: "result.employees.0.id" } },
    });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { targetId: routineId } });
    expect(audit.action).toBe("routine.drafted_from_run");
    expect(JSON.parse(audit.detail!)).toMatchObject({ runId });

    const again = await saveRunAsDraft(signedIn(), runId);
    expect(again.routineId).not.toBe(routineId);
  });

  it("reports a tool the live catalog no longer has as an error issue", async () => {
    await as("admin");
    const runId = await plannedRun({
      status: "succeeded",
      plan: { ...DONE_PLAN, tasks: [task("t1", "done")] },
      startedById: operatorId,
      calls: [{ stepId: "t1-c1", tool: "retired_tool", args: {}, result: "ok" }],
    });
    const { issues } = await saveRunAsDraft(signedIn(), runId);
    expect(issues).toContainEqual(expect.objectContaining({ code: "unknown-tool", stepId: "t1-c1" }));
  });
});

describe("editPlannedTask", () => {
  const edit = { title: "Check Ann's annual balance", criteria: "We know her annual days left." };

  it("lets only operators and admins edit", async () => {
    const runId = await plannedRun({ status: "paused", plan: PAUSED_PLAN, startedById: authorId });
    for (const who of ["author", "reviewer"] as const) {
      await as(who);
      await expect(editPlannedTask(signedIn(), runId, "t2", edit)).rejects.toBeInstanceOf(ForbiddenError);
    }
  });

  it("refuses unless the run is paused, and refuses a task that already ran, writing nothing", async () => {
    await as("operator");
    const running = await plannedRun({ status: "running", plan: PAUSED_PLAN, startedById: operatorId });
    const paused = await plannedRun({ status: "paused", plan: PAUSED_PLAN, startedById: operatorId });
    const before = await runTables();
    await expect(editPlannedTask(signedIn(), running, "t2", edit)).rejects.toThrow("Pause the run to edit its tasks.");
    await expect(editPlannedTask(signedIn(), paused, "t1", edit)).rejects.toThrow(/t1 is done/);
    await expect(editPlannedTask(signedIn(), paused, "t2", { ...edit, title: " " })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(editPlannedTask(signedIn(), paused, "t2", { ...edit, actorId: "no-such-actor" })).rejects.toThrow(
      /actor no longer exists/,
    );
    expect(await runTables()).toEqual(before);
  });

  it("stores the edit with a plan.updated event numbered after the last one, published and audited", async () => {
    await as("operator");
    const runId = await plannedRun({ status: "paused", plan: PAUSED_PLAN, startedById: operatorId });
    const actorId = await actorProfile("Leave clerk");
    const { lastSeq } = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    const heard: RunEvent[] = [];
    const stop = runEventBus.subscribe(runId, (events) => heard.push(...events));
    const { plan } = await editPlannedTask(signedIn(), runId, "t2", { ...edit, actorId });
    stop();

    expect(plan.tasks[1]).toMatchObject({ ...edit, actorId, actorName: "Leave clerk", status: "pending" });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(readPlanState(run.plan)).toEqual(plan);
    expect(run.lastSeq).toBe(lastSeq + 1);
    const event = await prisma.runEvent.findFirstOrThrow({ where: { runId }, orderBy: { seq: "desc" } });
    expect(event).toMatchObject({ seq: lastSeq + 1, type: "plan.updated" });
    expect(payloadData(event.payload)).toMatchObject({
      by: "operator",
      operator: "Otto Operator",
      summary: "Otto Operator changed t2's title, criteria and actor.",
    });
    expect(heard.map((one) => [one.type, one.seq])).toEqual([["plan.updated", lastSeq + 1]]);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { targetId: runId, action: "run.task_edited" } });
    expect(JSON.parse(audit.detail!)).toMatchObject({ taskId: "t2", changed: ["title", "criteria", "actor"] });
  });
});

async function actorProfile(name: string): Promise<string> {
  const toolkitId = randomUUID();
  await prisma.toolkit.create({ data: { id: toolkitId, name: `Kit ${toolkitId.slice(0, 6)}` } });
  const id = randomUUID();
  await prisma.actorProfile.create({ data: { id, name, toolkitId } });
  return id;
}
