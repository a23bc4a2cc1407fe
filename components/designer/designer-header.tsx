import { Eye, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { LifecycleBadge } from "@/components/review/lifecycle-badge";
import type { FormAction } from "@/components/review/review-types";
import { StartDraftButton, VersionHistoryLink, WithdrawButton } from "@/components/review/version-buttons";
import { CanvasPageHeader } from "@/components/shell/canvas-page-header";
import { Alert, Badge, ButtonLink } from "@/components/ui";
import type { Permission, ReviewDecisionView } from "@/lib/db/reviews";
import type { RoutineStatus } from "@/lib/db/routines";
import { readOnlyReason } from "@/lib/review-rules";
import { SubmitForReviewButton, type SubmitForReview } from "./submit-for-review";

/** What the header shows about the working version and what the viewer may do with it (from RoutineDetail). */
export type DesignerHeaderDetail = {
  id: string;
  name: string;
  versionNumber: number;
  status: RoutineStatus;
  publishedVersionNumber: number | null;
  latestReview: ReviewDecisionView | null;
  openCommentCount: number;
  archived: boolean;
  canEdit: boolean;
  lifecycle: { submit: Permission; withdraw: Permission; startDraft: Permission };
};

export type LifecycleActions = { submit: SubmitForReview; withdraw: FormAction; startDraft: FormAction };

type Props = {
  detail: DesignerHeaderDetail;
  lifecycleActions: LifecycleActions;
  /** Buttons placed at the right end of the bar, before the lifecycle buttons (e.g. "Optimize with AI"). */
  actions?: ReactNode;
};

/**
 * The designer's top bar: back to the library, the routine's name, the working version's number and status,
 * the published version, why the canvas is read only, and the lifecycle buttons the viewer may use. Below it,
 * a draft sent back by a reviewer says so with the reviewer's words.
 */
export function DesignerHeader({ detail, lifecycleActions, actions }: Props) {
  const sentBack =
    detail.status === "draft" && detail.latestReview?.decision === "changes_requested" ? detail.latestReview : null;
  const hasReview = detail.status !== "draft" || detail.latestReview !== null || detail.openCommentCount > 0;
  const reason = readOnlyReason({ ...detail, canWithdraw: detail.lifecycle.withdraw.allowed });
  return (
    <>
      <CanvasPageHeader
        back={{ href: "/routines", label: "Routines" }}
        testId="designer-header"
        className="min-h-12 py-1.5"
        actionsTestId="designer-header-actions"
        actions={
          <>
            {actions}
            {detail.lifecycle.submit.allowed ? (
              <SubmitForReviewButton routineId={detail.id} submit={lifecycleActions.submit} />
            ) : null}
            {detail.lifecycle.withdraw.allowed ? (
              <WithdrawButton action={lifecycleActions.withdraw} routineId={detail.id} number={detail.versionNumber} />
            ) : null}
            {hasReview ? (
              <ButtonLink
                href={`/routines/${encodeURIComponent(detail.id)}/review/${detail.versionNumber}`}
                prefetch={false}
                variant="secondary"
                size="sm"
                data-testid="open-review"
              >
                <Eye className="size-4" aria-hidden="true" /> Open review
              </ButtonLink>
            ) : null}
            {detail.lifecycle.startDraft.allowed ? (
              <StartDraftButton action={lifecycleActions.startDraft} routineId={detail.id} />
            ) : null}
            <VersionHistoryLink routineId={detail.id} testId="version-history" />
          </>
        }
      >
        <h1 className="truncate text-sm font-semibold text-foreground" data-testid="page-title">
          {detail.name}
        </h1>
        <span className="text-xs text-muted" data-testid="designer-version">
          v{detail.versionNumber}
        </span>
        <LifecycleBadge
          status={detail.status}
          latestDecision={detail.latestReview?.decision}
          testId="designer-status"
        />
        {detail.publishedVersionNumber !== null ? (
          <Badge
            tone="success"
            data-testid="designer-published"
            title={`Version ${detail.publishedVersionNumber} is the one that runs`}
          >
            published v{detail.publishedVersionNumber}
          </Badge>
        ) : null}
        {detail.archived ? <Badge tone="warning">archived</Badge> : null}
        {reason ? (
          <span className="text-xs text-muted" data-testid="designer-read-only">
            {reason}
          </span>
        ) : null}
      </CanvasPageHeader>
      {sentBack ? (
        <div className="shrink-0 border-b border-border bg-surface px-3 py-2">
          <Alert
            tone="warning"
            title={`${sentBack.reviewer?.name ?? "A reviewer"} requested changes`}
            testId="changes-requested"
          >
            {sentBack.comment ? (
              <p className="whitespace-pre-wrap" data-testid="changes-requested-comment">
                “{sentBack.comment}”
              </p>
            ) : null}
            {detail.openCommentCount > 0 ? (
              <p className="flex items-center gap-1">
                <MessageSquare className="size-3.5" aria-hidden="true" />
                {detail.openCommentCount === 1 ? "1 open comment" : `${detail.openCommentCount} open comments`}: see the
                Comments tab and the badges on the steps. Submit again when done.
              </p>
            ) : (
              <p>Submit again when done.</p>
            )}
          </Alert>
        </div>
      ) : null}
    </>
  );
}
