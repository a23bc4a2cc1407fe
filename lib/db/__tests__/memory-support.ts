import { signedIn } from "../../../test/request-context";
import type { Routine } from "../../routine";
import { prisma } from "../core";
import { decideReview, publishVersion, startNewDraft, submitForReview } from "../reviews";
import { createRoutine, saveRoutineDraft } from "../routines";
import { makeRoutine, makeStep } from "../testing/routine-factories";
import { as, contentHashOf } from "../testing/review-test-support";

/** A routine about one task, in words procedure memory can match on. */
export function taskRoutine(task: { name: string; description: string; intents: string[]; step: string }): Routine {
  return makeRoutine({
    name: task.name,
    description: task.description,
    intents: task.intents,
    steps: [
      makeStep({ id: "work", name: task.step, description: task.description }),
      { id: "done", kind: "end", name: "Done", description: "" },
    ],
    edges: [{ id: "e1", source: "work", target: "done" }],
  });
}

export const SICK_LEAVE = {
  name: "Report sick leave",
  description: "Records an employee's sick leave and tells their manager.",
  intents: ["I am sick and cannot come to work today", "report sick leave for tomorrow"],
  step: "Record the sick leave",
};

export const EXPENSES = {
  name: "Submit an expense report",
  description: "Files an expense report with receipts for reimbursement.",
  intents: ["submit my travel expenses", "get reimbursed for a hotel receipt"],
  step: "File the expense report",
};

export const LAPTOP = {
  name: "Order a laptop",
  description: "Orders a new laptop for an employee from the hardware catalog.",
  intents: ["I need a new laptop", "order a computer for a new hire"],
  step: "Place the hardware order",
};

/** Walks a version through the real review flow: the author submits, the reviewer approves and publishes it. */
async function reviewAndPublish(routineId: string, versionId: string, baseRevision: number) {
  await as("author");
  await submitForReview(signedIn(), { routineId, baseRevision });
  await as("reviewer");
  await decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" });
  return publishVersion(signedIn(), { versionId, contentHash: await contentHashOf(versionId) });
}

/** Creates a routine as the demo author and publishes its first version through review. */
export async function publishNew(routine: Routine): Promise<{ routineId: string; versionId: string }> {
  await as("author");
  const { id } = await createRoutine(signedIn(), { name: routine.name, routine });
  const { id: versionId } = await prisma.routineVersion.findFirstOrThrow({
    where: { routineId: id, status: "draft" },
    select: { id: true },
  });
  await reviewAndPublish(id, versionId, 0);
  return { routineId: id, versionId };
}

/** Publishes a new version of a routine with `routine` as its content, through a new draft and review. */
export async function publishNext(routineId: string, routine: Routine): Promise<string> {
  await as("author");
  const draft = await startNewDraft(signedIn(), { routineId });
  const { revision } = await saveRoutineDraft(signedIn(), {
    routineId,
    baseRevision: draft.revision,
    routine,
  });
  await reviewAndPublish(routineId, draft.versionId, revision);
  return draft.versionId;
}

/** Publishes an older approved version again: a rollback, as a reviewer does it. */
export async function rollBack(versionId: string) {
  await as("reviewer");
  return publishVersion(signedIn(), { versionId, contentHash: await contentHashOf(versionId) });
}
