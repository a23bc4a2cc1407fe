import "server-only";
import type { Viewer } from "../../access";
import { getRoutine } from "../../db/library";
import { decideReview, getVersionReview, publishVersion, startNewDraft, submitForReview } from "../../db/reviews";
import { prepareNewRoutine, saveRoutineDraft } from "../../db/routines";
import type { Routine } from "../../routine";

// A demo routine goes through review the way the product takes any routine there, through the same DAL functions
// the designer's and the review screen's actions call: the demo author submits, the demo reviewer (four-eyes: not an
// author or editor of the version) decides and publishes. Every row and audit entry is the one those screens write.

/** Who takes the demo routines through review: the demo author and the demo reviewer. */
export type DemoReviewTeam = { author: Viewer; reviewer: Viewer };

const APPROVAL =
  "Reviewed for the demo: each tool call's arguments are bound, and both ways of the branch end the run.";

const DRAFT_REJECTION =
  "An expert draft, not yet a routine to run: the employee and the pay period are not inputs, the explanation does " +
  "not say what to cover, the certificate's template is left to the model and neither email has a subject. Start a " +
  "new version from it and complete it.";

/** The working version of a routine as the designer shows it, with its content hash as the review screen shows it. */
async function working(viewer: Viewer, routineId: string) {
  const detail = await getRoutine(viewer, routineId);
  const review = await getVersionReview(viewer, { routineId, number: detail.versionNumber });
  return { versionId: detail.versionId, revision: detail.revision, contentHash: review.contentHash };
}

/** Submits the working draft as the author; returns the version in review with its content hash. */
async function submit(team: DemoReviewTeam, routineId: string) {
  const { revision } = await working(team.author, routineId);
  await submitForReview(team.author, { routineId, baseRevision: revision });
  return working(team.reviewer, routineId);
}

/**
 * Reviews and publishes the routine's working draft: submitted by the author, approved and published by the
 * reviewer. Returns the published version's id.
 */
export async function approveAndPublish(team: DemoReviewTeam, routineId: string): Promise<string> {
  const inReview = await submit(team, routineId);
  await decideReview(team.reviewer, {
    versionId: inReview.versionId,
    decision: "approve",
    comment: APPROVAL,
    contentHash: inReview.contentHash,
  });
  await publishVersion(team.reviewer, { versionId: inReview.versionId, contentHash: inReview.contentHash });
  return inReview.versionId;
}

/**
 * The payslip's path from the expert's draft: the draft (version 1) is submitted and rejected with the reviewer's
 * reasons; the author starts version 2 from it, completes it as `complete` and submits it; the reviewer approves
 * and publishes it. Returns the published version's id.
 */
export async function completeDraftAndPublish(
  team: DemoReviewTeam,
  routineId: string,
  complete: Routine,
): Promise<string> {
  const draft = await submit(team, routineId);
  await decideReview(team.reviewer, {
    versionId: draft.versionId,
    decision: "reject",
    comment: DRAFT_REJECTION,
    contentHash: draft.contentHash,
  });
  const started = await startNewDraft(team.author, { routineId, fromVersionId: draft.versionId });
  // Laid out as a routine read from JSON is, so the designer opens it with its steps in place.
  const { routine } = await prepareNewRoutine(complete, routineId);
  await saveRoutineDraft(team.author, { routineId, baseRevision: started.revision, routine });
  return approveAndPublish(team, routineId);
}
