import { ChevronLeft, History } from "lucide-react";
import Link from "next/link";
import { Badge, ButtonLink } from "@/components/ui";
import type { VersionEvaluation, VersionReview } from "@/lib/db/reviews";
import { EvaluationPublishButton } from "./evaluation-publish-button";
import { LifecycleBadge } from "./lifecycle-badge";
import type { ReviewActions } from "./review-types";
import { WithdrawButton } from "./version-buttons";

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
  const routineUrl = `/routines/${encodeURIComponent(review.routineId)}`;
  const baseLabel = !base
    ? "first version"
    : base.routineId === review.routineId
      ? `compared with v${base.number}`
      : `compared with v${base.number} of “${base.routineName}”`;
  return (
    <header
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-border bg-surface px-3 py-2"
      data-testid="review-header"
    >
      <Link
        href={routineUrl}
        prefetch={false}
        className="flex items-center gap-1 rounded-md px-1.5 py-1 text-sm text-muted hover:text-foreground"
        data-testid="review-back"
      >
        <ChevronLeft className="size-4" aria-hidden="true" /> Designer
      </Link>
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
      <div className="ml-auto flex flex-wrap items-center gap-2">
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
        <ButtonLink
          href={`${routineUrl}/versions`}
          prefetch={false}
          variant="ghost"
          size="sm"
          data-testid="review-history-link"
        >
          <History className="size-4" aria-hidden="true" /> Versions
        </ButtonLink>
      </div>
    </header>
  );
}
