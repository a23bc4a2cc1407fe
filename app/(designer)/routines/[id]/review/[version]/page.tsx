import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClashNotice } from "@/components/review/clash-notice";
import { EvaluationPanel } from "@/components/review/evaluation-panel";
import { ReviewHeader } from "@/components/review/review-header";
import { ReviewWorkspace } from "@/components/review/review-workspace";
import type { ReviewActions } from "@/components/review/review-types";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert } from "@/components/ui";
import { hasAnyRole } from "@/lib/access";
import { sectionAccess } from "@/lib/session";
import { loadOrError } from "@/lib/actions";
import { getVersionEvaluation, getVersionReview, type VersionReview } from "@/lib/db/reviews";
import { NotFoundError } from "@/lib/db/core";
import { CLASH_ROLES, clashesForVersion } from "@/lib/db/memory";
import {
  addReviewCommentAction,
  decideReviewAction,
  publishVersionAction,
  resolveReviewCommentAction,
  withdrawFromReviewAction,
} from "../../review-actions";

export const metadata: Metadata = { title: "Review" };

const actions: Omit<ReviewActions, "startDraft"> = {
  decide: decideReviewAction,
  comment: addReviewCommentAction,
  resolve: resolveReviewCommentAction,
  publish: publishVersionAction,
  withdraw: withdrawFromReviewAction,
};

/**
 * The review of one version: base and proposed side by side, the detail and text diffs, comments and the
 * decision. Everyone who opens routines may read it; the buttons follow the viewer's permissions, which the
 * actions and the DAL check again.
 */
export default async function ReviewPage({ params }: { params: Promise<{ id: string; version: string }> }) {
  const { viewer, allowed } = await sectionAccess("routines");
  if (!allowed) return <AccessDenied sectionId="routines" viewer={viewer} />;
  const { id, version } = await params;
  const number = /^\d{1,9}$/.test(version) ? Number(version) : NaN;
  if (!Number.isInteger(number) || number < 1) notFound();
  let review: VersionReview;
  try {
    review = await getVersionReview(viewer, { routineId: id, number });
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    return (
      <div className="p-8" data-testid="review-load-error">
        <Alert tone="error" title="This review could not be opened">
          {error instanceof Error ? error.message : "Please try again."}
        </Alert>
      </div>
    );
  }
  // The scores and the clash check are extra: when they cannot be read the review still opens, and publishing
  // checks the scores again.
  const [evaluation, clashes] = await Promise.all([
    loadOrError(() => getVersionEvaluation(viewer, { versionId: review.version.id })),
    hasAnyRole(viewer.roles, CLASH_ROLES)
      ? loadOrError(() => clashesForVersion(viewer, review.version.id))
      : { data: null, error: null },
  ]);
  return (
    <div
      className="flex h-full flex-col"
      data-testid="review-page"
      data-version={review.version.number}
      data-status={review.version.status}
    >
      <ReviewHeader review={review} actions={actions} evaluation={evaluation.data} />
      <EvaluationPanel evaluation={evaluation.data} error={evaluation.error} routineId={review.routineId} />
      <ClashNotice routineId={review.routineId} clashes={clashes.data?.clashes ?? null} error={clashes.error} />
      <ReviewWorkspace review={review} actions={actions} />
    </div>
  );
}
