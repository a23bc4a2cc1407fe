"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { formValues, toErrorState, type ActionState } from "@/lib/actions/action-state";
import { requireRole, requireUser } from "@/lib/session/index";
import {
  addReviewComment,
  decideReview,
  publishVersion,
  resolveReviewComment,
  startNewDraft,
  submitForReview,
  ValidationError,
  withdrawFromReview,
  MAX_COMMENT_LENGTH,
  REVIEW_DECISION_INPUTS,
} from "@/lib/db";

// The review lifecycle's actions. Each authorizes itself here and the DAL checks again (roles, four-eyes, state):
// neither trusts the page that rendered the button. Forms post the routine id and version number only to know
// which pages to refresh; what is decided is named by ids the DAL checks against the database.

const id = z.string({ message: "Missing routine." }).trim().min(1, "Missing routine.").max(100);
const versionId = z.string({ message: "Missing version." }).trim().min(1, "Missing version.").max(100);
const number = z.coerce.number({ message: "Missing version number." }).int().min(1);

const decideForm = z.object({
  routineId: id,
  number,
  versionId,
  decision: z.enum(REVIEW_DECISION_INPUTS, { message: "Choose approve, request changes or reject." }),
  comment: z.string().max(MAX_COMMENT_LENGTH + 1000).default(""),
});
const commentForm = z.object({
  routineId: id,
  number,
  versionId,
  stepId: z.string().trim().max(64).default(""),
  body: z.string().max(MAX_COMMENT_LENGTH + 1000).default(""),
});
const resolveForm = z.object({ routineId: id, number: number.optional(), commentId: z.string().trim().min(1, "Missing comment.").max(100) });
const versionForm = z.object({ routineId: id, versionId, number: number.optional() });
const routineForm = z.object({ routineId: id, number: number.optional() });
const startDraftForm = z.object({ routineId: id, fromVersionId: z.string().trim().max(100).default("") });
const submitInput = z.object({ routineId: id, baseRevision: z.number().int().min(0) });

/**
 * Sends the working draft to review, at the revision the designer last saved (`baseRevision`): if it was saved
 * since by someone else, nothing is submitted and the message says so. Called by the designer's header.
 */
export async function submitForReviewAction(input: { routineId: string; baseRevision: number }): Promise<ActionState> {
  try {
    await requireRole("author", "admin");
    const { routineId, baseRevision } = parse(submitInput, input);
    const { number: submitted } = await submitForReview({ routineId, baseRevision });
    refresh(routineId, submitted);
    return { status: "success", message: `Version ${submitted} was sent to review.` };
  } catch (error) {
    return toErrorState(error);
  }
}

/** Takes the working version back out of review, as an editable draft. */
export async function withdrawFromReviewAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("author", "admin");
    const { routineId } = parse(routineForm, formValues(formData));
    const { number: withdrawn } = await withdrawFromReview({ routineId });
    refresh(routineId, withdrawn);
    return { status: "success", message: `Version ${withdrawn} is a draft again; edit it and submit it when ready.` };
  } catch (error) {
    return toErrorState(error);
  }
}

/** Starts a new working draft (from `fromVersionId`, or the working version) and opens it in the designer. */
export async function startNewDraftAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  let routineId: string;
  try {
    await requireRole("author", "admin");
    const form = parse(startDraftForm, formValues(formData));
    routineId = form.routineId;
    const { number: created } = await startNewDraft({ routineId, fromVersionId: form.fromVersionId || undefined });
    refresh(routineId, created);
  } catch (error) {
    return toErrorState(error);
  }
  redirect(`/routines/${encodeURIComponent(routineId)}`);
}

/** Approve, request changes or reject (reviewers and admins; never on a version they wrote, optimized or submitted). */
export async function decideReviewAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("reviewer", "admin");
    const form = parse(decideForm, formValues(formData));
    const comment = form.comment.trim();
    const { number: decided, status } = await decideReview({ versionId: form.versionId, decision: form.decision, comment: comment || undefined });
    refresh(form.routineId, form.number);
    const outcome = status === "approved" ? "approved; it can be published now" : status === "rejected" ? "rejected" : "sent back to its author with your comments";
    return { status: "success", message: `Version ${decided} was ${outcome}.` };
  } catch (error) {
    return toErrorState(error);
  }
}

/** A comment on one step of a version (`stepId`) or on the whole version. */
export async function addReviewCommentAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("author", "reviewer", "admin");
    const form = parse(commentForm, formValues(formData));
    await addReviewComment({ versionId: form.versionId, stepId: form.stepId || undefined, body: form.body });
    refresh(form.routineId, form.number);
    return { status: "success", message: "Comment added." };
  } catch (error) {
    return toErrorState(error);
  }
}

/** Marks a comment as dealt with (its writer, the version's author, or an admin: the DAL decides). */
export async function resolveReviewCommentAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireUser();
    const form = parse(resolveForm, formValues(formData));
    await resolveReviewComment({ commentId: form.commentId });
    refresh(form.routineId, form.number);
    return { status: "success", message: "Comment resolved." };
  } catch (error) {
    return toErrorState(error);
  }
}

/**
 * Resolves a comment from the designer's Comments tab. Refreshes no page: that would re-render the designer
 * around an author's unsaved edits; the tab removes the comment itself, and other pages read fresh when opened.
 */
export async function resolveCommentInDesignerAction(input: { commentId: string }): Promise<ActionState> {
  try {
    await requireUser();
    const { commentId } = parse(z.object({ commentId: resolveForm.shape.commentId }), input);
    await resolveReviewComment({ commentId });
    return { status: "success", message: "Comment resolved." };
  } catch (error) {
    return toErrorState(error);
  }
}

/** Publishes an approved version; publishing one older than the published one is a rollback. */
export async function publishVersionAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("reviewer", "admin");
    const form = parse(versionForm, formValues(formData));
    const outcome = await publishVersion({ versionId: form.versionId });
    refresh(form.routineId, outcome.number);
    const replaced = outcome.previousNumber === null ? "" : ` in place of version ${outcome.previousNumber}`;
    return { status: "success", message: `${outcome.rollback ? "Rolled back: version" : "Version"} ${outcome.number} is published${replaced}; it is the one that runs.` };
  } catch (error) {
    return toErrorState(error);
  }
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, "That request was malformed; reload the page and try again.");
  return parsed.data;
}

/** Every page that shows where this routine's versions stand. */
function refresh(routineId: string, versionNumber?: number) {
  const base = `/routines/${encodeURIComponent(routineId)}`;
  revalidatePath("/routines");
  revalidatePath(base);
  revalidatePath(`${base}/versions`);
  if (versionNumber !== undefined) revalidatePath(`${base}/review/${versionNumber}`);
}
