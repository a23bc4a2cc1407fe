import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { NotFoundError, prisma, ValidationError } from "../core";
import { getChildRun } from "../../runs/operations";
import { loadRunSnapshot } from "../../runs/store";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId } from "../testing/review-test-support";
import { humanRoutine, publishedRoutine, runIn } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";

let parentRoutineId: string;
let childRoutineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const ownerId = await demoUserId("admin");
  ({ routineId: parentRoutineId } = await publishedRoutine({ ownerId, routine: humanRoutine() }));
  ({ routineId: childRoutineId } = await publishedRoutine({ ownerId }));
});

/** A parent waiting at a step, and the child run that step started. */
async function parentWithChild() {
  const { runId, stepRunId } = await runIn.waiting(parentRoutineId);
  const childId = randomUUID();
  await prisma.run.create({
    data: {
      id: childId,
      routineId: childRoutineId,
      versionId: (await prisma.routine.findUniqueOrThrow({ where: { id: childRoutineId } })).publishedVersionId!,
      versionNumber: 1,
      routineName: "The child routine",
      status: "queued",
      source: "subroutine",
      parentRunId: runId,
      parentStepRunId: stepRunId,
    },
  });
  return { runId, stepRunId, childId };
}

describe("getChildRun", () => {
  it("opens the run a sub-routine step started, with its routine and steps, for someone who sees the parent", async () => {
    const { runId, stepRunId, childId } = await parentWithChild();
    await as("operator");
    const child = await getChildRun(signedIn(), { runId, stepRunId });
    expect(child).toMatchObject({
      id: childId,
      routineName: "The child routine",
      status: "queued",
      parentRunId: runId,
      parentStepRunId: stepRunId,
    });
    expect(child!.routine.steps.map((step) => step.id)).toEqual(
      (await loadRunSnapshot(childId))!.routine.steps.map((step) => step.id),
    );
  });

  it("answers null for a step that started no run", async () => {
    const { runId } = await parentWithChild();
    await as("operator");
    expect(await getChildRun(signedIn(), { runId, stepRunId: randomUUID() })).toBeNull();
  });

  it("does not say whether a child exists to someone who may not see the parent", async () => {
    const { runId, stepRunId } = await parentWithChild();
    await as("author");
    await expect(getChildRun(signedIn(), { runId, stepRunId })).rejects.toBeInstanceOf(NotFoundError);
    await as("operator");
    await expect(getChildRun(signedIn(), { runId, stepRunId: " " })).rejects.toBeInstanceOf(ValidationError);
  });
});
