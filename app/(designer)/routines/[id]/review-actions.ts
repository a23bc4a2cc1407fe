"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import {
  addReviewComment,
  decideReview,
  publishVersion,
  resolveReviewComment,
  startNewDraft,
  submitForReview,
  withdrawFromReview,
  MAX_COMMENT_LENGTH,
  REVIEW_DECISION_INPUTS,
} from "@/lib/db/reviews";
import { COMMENTER_ROLES, DECIDER_ROLES, WRITER_ROLES } from "@/lib/access";
import { ConflictError } from "@/lib/db/core";
import { OVERRIDE_REASON_MAX, overrideReasonSchema } from "@/lib/review-rules";

// The review lifecycle's actions. Each authorizes itself here and the DAL checks again (roles, four-eyes, state):
// neither trusts the page that rendered the button. Forms post the routine id and version number only to know
// which pages to refresh; what is decided is named by ids the DAL checks against the database, and bound to the
// content hash the page showed (a version that changed since is refused, and the page reloads to show it).

const MALFORMED = "That request was malformed; reload the page and try again.";

const id = z.string({ message: "Missing routine." }).trim().min(1, "Missing routine.").max(100);
const versionId = z.string({ message: "Missing version." }).trim().min(1, "Missing version.").max(100);
const number = z.coerce.number({ message: "Missing version number." }).int().min(1);
// The content hash the page showed; its format is the DAL's to check (a malformed one is refused there too).
const contentHash = z
  .string({ message: "Missing the content hash of the version you saw; reload the page." })
  .trim()
  .min(1, "Missing the content hash of the version you saw; reload the page.")
  .max(100);

const decideForm = z.object({
  routineId: id,
  number,
  versionId,
  contentHash,
  decision: z.enum(REVIEW_DECISION_INPUTS, { message: "Choose approve, request changes or reject." }),
  comment: z
    .string()
    .max(MAX_COMMENT_LENGTH + 1000)
    .default(""),
});
const commentForm = z.object({
  routineId: id,
  number,
  versionId,
  stepId: z.string().trim().max(64).default(""),
  body: z
    .string()
    .max(MAX_COMMENT_LENGTH + 1000)
    .default(""),
});
const resolveForm = z.object({
  routineId: id,
  number: number.optional(),
  commentId: z.string().trim().min(1, "Missing comment.").max(100),
});
const versionForm = z.object({ routineId: id, versionId, number: number.optional() });
// The publish gate's override: the dialog posts `override=1` and the reason, which is then required.
const publishForm = versionForm
  .extend({
    contentHash,
    override: z.literal("1").optional(),
    reason: z
      .string()
      .max(OVERRIDE_REASON_MAX + 1000)
      .default(""),
  })
  .superRefine((form, context) => {
    if (form.override !== "1") return;
    const reason = overrideReasonSchema.safeParse(form.reason);
    for (const issue of reason.success ? [] : reason.error.issues)
      context.addIssue({ code: "custom", path: ["reason"], message: issue.message });
  });
const routineForm = z.object({ routineId: id, number: number.optional() });
const startDraftForm = z.object({ routineId: id, fromVersionId: z.string().trim().max(100).default("") });
const submitInput = z.object({ routineId: id, baseRevision: z.number().int().min(0) });

const submitForReviewForm = defineAction(
  WRITER_ROLES,
  submitInput,
  async (viewer, { routineId, baseRevision }): Promise<ActionState> => {
    const { number: submitted } = await submitForReview(viewer, { routineId, baseRevision });
    refresh(routineId, submitted);
    return { status: "success", message: `Version ${submitted} was sent to review.` };
  },
  { invalidMessage: MALFORMED },
);

/**
 * Sends the working draft to review, at the revision the designer last saved (`baseRevision`): if it was saved
 * since by someone else, nothing is submitted and the message says so. Called by the designer's header.
 */
export async function submitForReviewAction(input: { routineId: string; baseRevision: number }): Promise<ActionState> {
  return submitForReviewForm(input);
}

/** Takes the working version back out of review, as an editable draft. */
export const withdrawFromReviewAction = defineAction(
  WRITER_ROLES,
  routineForm,
  async (viewer, { routineId }): Promise<ActionState> => {
    const { number: withdrawn } = await withdrawFromReview(viewer, { routineId });
    refresh(routineId, withdrawn);
    return { status: "success", message: `Version ${withdrawn} is a draft again; edit it and submit it when ready.` };
  },
  { invalidMessage: MALFORMED },
);

/** Starts a new working draft (from `fromVersionId`, or the working version) and opens it in the designer. */
export const startNewDraftAction = defineAction(
  WRITER_ROLES,
  startDraftForm,
  async (viewer, { routineId, fromVersionId }): Promise<ActionState> => {
    const { number: created } = await startNewDraft(viewer, { routineId, fromVersionId: fromVersionId || undefined });
    refresh(routineId, created);
    redirect(`/routines/${encodeURIComponent(routineId)}`);
  },
  { invalidMessage: MALFORMED },
);

/** Approve, request changes or reject (reviewers and admins; never on a version they wrote, optimized or submitted). */
export const decideReviewAction = defineAction(
  DECIDER_ROLES,
  decideForm,
  async (viewer, form): Promise<ActionState> => {
    const comment = form.comment.trim();
    const { number: decided, status } = await refreshOnConflict(form, () =>
      decideReview(viewer, {
        versionId: form.versionId,
        decision: form.decision,
        comment: comment || undefined,
        contentHash: form.contentHash,
      }),
    );
    refresh(form.routineId, form.number);
    const outcome =
      status === "approved"
        ? "approved; it can be published now"
        : status === "rejected"
          ? "rejected"
          : "sent back to its author with your comments";
    return { status: "success", message: `Version ${decided} was ${outcome}.` };
  },
  { invalidMessage: MALFORMED },
);

/** A comment on one step of a version (`stepId`) or on the whole version. */
export const addReviewCommentAction = defineAction(
  COMMENTER_ROLES,
  commentForm,
  async (viewer, form): Promise<ActionState> => {
    await addReviewComment(viewer, { versionId: form.versionId, stepId: form.stepId || undefined, body: form.body });
    refresh(form.routineId, form.number);
    return { status: "success", message: "Comment added." };
  },
  { invalidMessage: MALFORMED },
);

/** Marks a comment as dealt with (its writer, the version's author, or an admin: the DAL decides). */
export const resolveReviewCommentAction = defineAction(
  "signed-in",
  resolveForm,
  async (viewer, form): Promise<ActionState> => {
    await resolveReviewComment(viewer, { commentId: form.commentId });
    refresh(form.routineId, form.number);
    return { status: "success", message: "Comment resolved." };
  },
  { invalidMessage: MALFORMED },
);

const resolveInDesigner = defineAction(
  "signed-in",
  z.object({ commentId: resolveForm.shape.commentId }),
  async (viewer, { commentId }): Promise<ActionState> => {
    await resolveReviewComment(viewer, { commentId });
    return { status: "success", message: "Comment resolved." };
  },
  { invalidMessage: MALFORMED },
);

/**
 * Resolves a comment from the designer's Comments tab. Refreshes no page: that would re-render the designer
 * around an author's unsaved edits; the tab removes the comment itself, and other pages read fresh when opened.
 */
export async function resolveCommentInDesignerAction(input: { commentId: string }): Promise<ActionState> {
  return resolveInDesigner(input);
}

/**
 * Publishes an approved version; publishing one older than the published one is a rollback. A version that scores
 * lower than the published one on an evaluation suite needs the override dialog's reason.
 */
export const publishVersionAction = defineAction(
  DECIDER_ROLES,
  publishForm,
  async (viewer, form): Promise<ActionState> => {
    const override = form.override === "1" ? { reason: form.reason } : undefined;
    const outcome = await refreshOnConflict(form, () =>
      publishVersion(viewer, { versionId: form.versionId, contentHash: form.contentHash, override }),
    );
    refresh(form.routineId, outcome.number);
    const replaced = outcome.previousNumber === null ? "" : ` in place of version ${outcome.previousNumber}`;
    return {
      status: "success",
      message: `${outcome.rollback ? "Rolled back: version" : "Version"} ${outcome.number} is published${replaced}; it is the one that runs.`,
    };
  },
  { invalidMessage: MALFORMED },
);

/**
 * Runs a decision or publication; when it is refused because the version moved on (changed since the page read
 * it, decided or published by someone else), refreshes the pages first, so the answer arrives with the version as
 * it is now and the next click acts on what the reviewer then sees.
 */
async function refreshOnConflict<T>(form: { routineId: string; number?: number }, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof ConflictError) refresh(form.routineId, form.number);
    throw error;
  }
}

/** Every page that shows where this routine's versions stand. */
function refresh(routineId: string, versionNumber?: number) {
  const base = `/routines/${encodeURIComponent(routineId)}`;
  revalidatePath("/routines");
  revalidatePath(base);
  revalidatePath(`${base}/versions`);
  if (versionNumber !== undefined) revalidatePath(`${base}/review/${versionNumber}`);
}
