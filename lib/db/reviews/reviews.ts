import "server-only";
import { randomUUID } from "node:crypto";
import { COMMENTER_ROLES, DECIDER_ROLES, requireRole, requireUser, type Viewer } from "../../access";
import { recordAudit } from "../audit";
import { ConflictError, NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";
import type { Prisma } from "../generated/prisma/client";
import {
  blockingIssues,
  readStoredRoutine,
  registryActorLookup,
  registryToolLookup,
  RoutineIssuesError,
  type RoutineStatus,
} from "../routines";
import {
  addReviewCommentInput,
  decideReviewInput,
  DECISION_STORED,
  resolveReviewCommentInput,
  type ReviewDecisionInput,
} from "./review-inputs";
import { assertContentSeen, VersionChangedError } from "./content-binding";
import { commentVerdict, decideVerdict, enforce, resolveVerdict } from "./review-rules";
import { commentSelect, type ReviewCommentView, toCommentView } from "./review-views";
import { assertToolsUnchanged, findVersion } from "./version-records";

const OUTCOME: Record<
  ReviewDecisionInput,
  { status: RoutineStatus; action: "review.approved" | "review.changes_requested" | "review.rejected" }
> = {
  approve: { status: "approved", action: "review.approved" },
  request_changes: { status: "draft", action: "review.changes_requested" },
  reject: { status: "rejected", action: "review.rejected" },
};

/** How much of a decision's comment the audit log keeps: enough to recognise it; the review row has all of it. */
const AUDIT_COMMENT_LENGTH = 200;

/**
 * A reviewer's decision on a version in review. Reviewers and admins, never on a version they wrote, optimized or
 * submitted (four-eyes: ForbiddenError saying another reviewer must decide); ConflictError when the version is not
 * in review (e.g. already decided). Requesting changes or rejecting needs a reason: `comment`, or at least one
 * open comment on the version (ValidationError on `comment`). Approving needs a routine without validation errors
 * (RoutineIssuesError) whose tools have not changed since it was saved (ConflictError).
 * `contentHash` is the content hash of the version as the reviewer's page showed it (getVersionReview's): when the
 * version's content is no longer that (withdrawn, changed and resubmitted while the page was open), a
 * VersionChangedError and nothing is written. The comparison and the write are in one transaction, and the write is
 * conditional on the revision that was compared, so no change can land between them.
 * - approve → `approved`, with approver and time;
 * - request_changes → `draft` again, editable by the authors, comments kept;
 * - reject → `rejected` (final; a new draft can start from it).
 * Appends a review row and audits "review.approved" | "review.changes_requested" | "review.rejected".
 */
export async function decideReview(
  viewer: Viewer | null,
  input: {
    versionId: string;
    decision: ReviewDecisionInput;
    comment?: string;
    contentHash: string;
  },
): Promise<{ versionId: string; number: number; status: RoutineStatus }> {
  requireRole(viewer, ...DECIDER_ROLES);
  const { versionId, decision, comment = "", contentHash } = parseInput(decideReviewInput, input);
  const tools = decision === "approve" ? await withDbErrors(registryToolLookup) : null;
  const actors = decision === "approve" ? await withDbErrors(registryActorLookup) : undefined;
  const outcome = OUTCOME[decision];
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const { version, facts } = await findVersion(tx, versionId);
      enforce(decideVerdict(viewer, facts), DECIDER_ROLES);
      assertContentSeen(version, contentHash, "decided");
      if (
        decision !== "approve" &&
        comment === "" &&
        (await tx.reviewComment.count({ where: { versionId, resolvedAt: null } })) === 0
      ) {
        const message = "Say what should change: write a comment with your decision, or comment on the steps first.";
        throw new ValidationError(message, { comment: [message] });
      }
      if (tools) {
        const issues = blockingIssues(readStoredRoutine(version.content), tools, actors);
        if (issues.length > 0)
          throw new RoutineIssuesError(issues, {
            lead: `Version ${version.number} cannot be approved`,
            tail: "Request changes instead.",
          });
        await assertToolsUnchanged(tx, version, {
          doing: "approved",
          advice: "Request changes so the author accepts the changed tools.",
        });
      }
      const now = new Date();
      const { count } = await tx.routineVersion.updateMany({
        where: { id: version.id, status: "in_review", revision: version.revision },
        data: {
          status: outcome.status,
          ...(decision === "approve" ? { approvedById: viewer.id, approvedAt: now } : {}),
          ...(decision === "request_changes" ? { submittedAt: null } : {}),
        },
      });
      if (count === 0) throw await decisionRace(tx, version);
      await tx.review.create({
        data: {
          id: randomUUID(),
          versionId,
          reviewerId: viewer.id,
          decision: DECISION_STORED[decision],
          comment,
          createdAt: now,
          contentHash,
        },
      });
      await recordAudit(
        {
          action: outcome.action,
          actor: viewer,
          target: { type: "routine", id: version.routineId },
          detail: {
            version: version.number,
            versionId,
            contentHash,
            ...(comment ? { comment: comment.slice(0, AUDIT_COMMENT_LENGTH) } : {}),
          },
        },
        tx,
      );
      return { versionId, number: version.number, status: outcome.status };
    }),
  );
}

/**
 * Why a decision's conditional write matched no row: on PostgreSQL another transaction committed between the read
 * and the write. Still in review means its content moved on (a new revision); otherwise someone decided first.
 */
async function decisionRace(tx: Prisma.TransactionClient, version: { id: string; number: number }): Promise<Error> {
  const now = await tx.routineVersion.findUnique({ where: { id: version.id }, select: { status: true } });
  return now?.status === "in_review"
    ? new VersionChangedError(version.number, "decided")
    : new ConflictError("Someone decided on this version a moment ago; reload it.");
}

/**
 * Adds a comment to a version, on one of its steps (`stepId`) or on the whole version. Authors, reviewers and
 * admins, on any version of a routine that is not archived. The body is trimmed, 1 to 4,000 characters; an
 * unknown step is refused (ValidationError on `stepId`). Comments are content, not decisions: not audited.
 */
export async function addReviewComment(
  viewer: Viewer | null,
  input: { versionId: string; stepId?: string; body: string },
): Promise<ReviewCommentView> {
  requireRole(viewer, ...COMMENTER_ROLES);
  const { versionId, stepId, body } = parseInput(addReviewCommentInput, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const { version, facts } = await findVersion(tx, versionId);
      enforce(commentVerdict(viewer, facts), COMMENTER_ROLES);
      if (stepId !== undefined && !readStoredRoutine(version.content).steps.some((step) => step.id === stepId)) {
        const message = `Version ${version.number} has no step "${stepId}"; it may have been removed. Comment on the whole version instead.`;
        throw new ValidationError(message, { stepId: [message] });
      }
      const row = await tx.reviewComment.create({
        data: { id: randomUUID(), versionId, authorId: viewer.id, stepId: stepId ?? null, body },
        select: commentSelect.select,
      });
      return toCommentView(row);
    }),
  );
}

/**
 * Marks a comment as dealt with. Its writer, the author of its version, or an admin (ForbiddenError otherwise);
 * not on an archived routine. Resolving a resolved comment changes nothing.
 */
export async function resolveReviewComment(
  viewer: Viewer | null,
  input: { commentId: string },
): Promise<ReviewCommentView> {
  requireUser(viewer);
  const { commentId } = parseInput(resolveReviewCommentInput, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const comment = await tx.reviewComment.findUnique({
        where: { id: commentId },
        select: {
          ...commentSelect.select,
          version: { select: { authorId: true, routine: { select: { archivedAt: true } } } },
        },
      });
      if (!comment) throw new NotFoundError("That comment no longer exists.");
      enforce(resolveVerdict(viewer, { authorId: comment.author?.id ?? null }, comment.version), ["admin"]);
      if (comment.version.routine.archivedAt)
        throw new ConflictError("This routine is archived; restore it from the library first.");
      if (comment.resolvedAt) return toCommentView(comment);
      const row = await tx.reviewComment.update({
        where: { id: commentId },
        data: { resolvedAt: new Date() },
        select: commentSelect.select,
      });
      return toCommentView(row);
    }),
  );
}
