import { CanvasPageHeader } from "@/components/shell/canvas-page-header";
import { Badge } from "@/components/ui";
import type { VersionEvaluation, VersionReview } from "@/lib/db/reviews";
import { EvaluationPublishButton } from "./evaluation-publish-button";
import { LifecycleBadge } from "./lifecycle-badge";
import type { ReviewActions } from "./review-types";
import { VersionHistoryLink, WithdrawButton } from "./version-buttons";

const number = new Intl.NumberFormat("en");

/** Who wrote a version and, when the planner did, with which model at what cost. */
function Provenance({ review }: { review: VersionReview }) {
  const { version, provenance } = review;
  const parts: string[] = [];
  if (version.author) parts.push(`by ${version.author.name}`);
  if (version.optimizedBy) parts.push(`optimized by ${version.optimizedBy.name}`);
  const named = new Set([version.author?.id, version.optimizedBy?.id]);
  const others = review.editors.filter((editor) => !named.has(editor.id));
  if (others.length > 0) parts.push(`edited by ${others.map((editor) => editor.name).join(", ")}`);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted" data-testid="review-provenance">
      {parts.length > 0 ? <span>{parts.join(", ")}</span> : null}
      {provenance ? (
        <span data-testid="review-model">
          · {provenance.model}
          {provenance.inputTokens !== null
            ? ` · ${number.format(provenance.inputTokens)} in / ${number.format(provenance.outputTokens ?? 0)} out tokens`
            : ""}
          {provenance.repairCount !== null
            ? ` · ${provenance.repairCount} repair round${provenance.repairCount === 1 ? "" : "s"}`
            : ""}
        </span>
      ) : null}
    </p>
  );
}

/** The review's top bar: routine, version and status, what it is compared with, and the version's own actions. */
export function ReviewHeader({
  review,
  actions,
  evaluation = null,
}: {
  review: VersionReview;
  actions: Pick<ReviewActions, "publish" | "withdraw">;
  /** The publish gate: a version that scores lower publishes through an override dialog. */
  evaluation?: VersionEvaluation | null;
}) {
  const { version, base, permissions } = review;
  const latest = version.decisions.at(-1)?.decision ?? null;
  const baseLabel = !base
    ? "first version"
    : base.routineId === review.routineId
      ? `compared with v${base.number}`
      : `compared with v${base.number} of “${base.routineName}”`;
  return (
    <CanvasPageHeader
      back={{ href: `/routines/${encodeURIComponent(review.routineId)}`, label: "Designer", testId: "review-back" }}
      testId="review-header"
      className="py-2"
      actions={
        <>
          {permissions.canWithdraw.allowed ? (
            <WithdrawButton action={actions.withdraw} routineId={review.routineId} number={version.number} />
          ) : null}
          {permissions.canPublish.allowed ? (
            <EvaluationPublishButton
              action={actions.publish}
              routineId={review.routineId}
              versionId={version.id}
              number={version.number}
              contentHash={review.contentHash}
              gate={evaluation?.gate ?? null}
              publishedNumber={evaluation?.published?.number ?? null}
            />
          ) : null}
          <VersionHistoryLink routineId={review.routineId} testId="review-history-link" />
        </>
      }
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="truncate text-sm font-semibold text-foreground" data-testid="page-title">
            {review.routineName} <span className="text-muted">· Review of v{version.number}</span>
          </h1>
          <LifecycleBadge status={version.status} latestDecision={latest} />
          {review.archived ? <Badge tone="warning">Archived</Badge> : null}
          <span className="text-xs text-muted" data-testid="review-base-label">
            {baseLabel}
          </span>
        </div>
        <Provenance review={review} />
      </div>
    </CanvasPageHeader>
  );
}
