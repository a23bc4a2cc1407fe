import { expect, type APIRequestContext } from "@playwright/test";
import { dal } from "./dal";
import type { DemoRole } from "./demo-users";
import { answerPlanning, LEAVE_PAPER, plannedLeave } from "./planner-answers";
import { createPaperRoutine } from "./routines";
import { SAME_ORIGIN } from "./env";

/**
 * Runs "Optimize with AI" on the routine's canvas through its API (POST /api/routines/[id]/optimize) with the
 * session of `api`'s user, answered by the fake planner, and waits for the NDJSON stream's `done`: the planner's
 * version is then in review, optimized by that user. Returns its number.
 */
export async function optimizeThroughApi(api: APIRequestContext, routineId: string, as: DemoRole): Promise<number> {
  const { versionId, revision } = await dal(as, "workingVersion", { routineId });
  const response = await api.post(`/api/routines/${routineId}/optimize`, {
    headers: SAME_ORIGIN,
    data: { source: "canvas", basedOnVersionId: versionId, baseRevision: revision },
  });
  expect(response.status(), await response.text()).toBe(200);
  const events = (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { phase: string; versionNumber?: number; message: string });
  const last = events.at(-1)!;
  expect(last.phase, last.message).toBe("done");
  return last.versionNumber!;
}

/**
 * The state the review screen starts from: the expert's paper draft LEAVE_PAPER as version 1, and the fake
 * planner's routine (plannedLeave) as version 2, in review, optimized by `as` through the API. Returns the routine's id.
 */
export async function optimizedLeaveInReview(
  api: APIRequestContext,
  name: string,
  as: DemoRole = "author",
): Promise<string> {
  const routineId = await createPaperRoutine(name, LEAVE_PAPER, as);
  await answerPlanning(name, plannedLeave(name));
  expect(await optimizeThroughApi(api, routineId, as)).toBe(2);
  return routineId;
}

/** The reviewer comments on step `stepId` of the version in review and requests changes, with `reason`. */
export async function requestChangesOnStep(
  routineId: string,
  stepId: string,
  comment: string,
  reason: string,
): Promise<void> {
  const { versionId, contentHash } = await dal("reviewer", "workingVersion", { routineId });
  await dal("reviewer", "addReviewComment", { versionId, stepId, body: comment });
  await dal("reviewer", "decideReview", { versionId, contentHash, decision: "request_changes", comment: reason });
}

/** The author renames step `stepId` of the working draft (as the inspector does) and submits it for review again. */
export async function renameStepAndResubmit(routineId: string, stepId: string, name: string): Promise<void> {
  const { routine } = await dal("author", "workingVersion", { routineId });
  const steps = routine.steps.map((step) => (step.id === stepId ? { ...step, name } : step));
  await dal("author", "saveDraft", { routineId, routine: { ...routine, steps } });
  await dal("author", "submitForReview", { routineId });
}
