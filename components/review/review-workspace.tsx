"use client";

import { Sparkles } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { usePanelLayout } from "@/components/shell/canvas-layout";
import { Alert, ResizablePanel, TabList, TabPanel } from "@/components/ui";
import type { VersionReview } from "@/lib/db/reviews";
import { reviewDiff, statusOf, type ReviewDiff } from "@/lib/review-rules";
import { ChangesPanel } from "./changes-panel";
import { DecisionBar } from "./decision-bar";
import { DefaultModeNotice } from "./default-mode-notice";
import { CommentForm, CommentList } from "./review-comments";
import { ReviewCanvases } from "./review-canvases";
import type { ReviewActions, VersionTarget } from "./review-types";
import { StepPanel } from "./step-panel";
import { TextDiffPanel } from "./text-diff-panel";

type PanelId = "changes" | "step" | "text" | "draft" | "comments";

const DETAILS_PANEL = { open: true, width: 384 };

type Props = { review: VersionReview; actions: Pick<ReviewActions, "decide" | "comment" | "resolve"> };

/**
 * The review of one version: the two canvases, and beside them the changes, the selected step's detail diff, the
 * paper text's diff, the draft the planner was given, comments, and the decision.
 */
export function ReviewWorkspace({ review, actions }: Props) {
  const { routine: proposed, base, version, permissions } = review;
  const baseRoutine = base?.routine ?? null;
  const diff = useMemo(() => reviewDiff(baseRoutine, proposed), [baseRoutine, proposed]);
  const [selectedStepId, setSelectedStepId] = useState<string | null>(null);
  const [panel, setPanel] = useState<PanelId>("changes");
  const details = usePanelLayout("review-details", DETAILS_PANEL);
  const target: VersionTarget = { routineId: review.routineId, versionId: version.id, number: version.number };
  const baseLabel = base ? `v${base.number}` : "Before";
  const proposedLabel = `v${version.number}`;

  const select = useCallback((stepId: string | null) => {
    setSelectedStepId(stepId);
    if (stepId) setPanel("step");
  }, []);

  const openComments = review.comments.filter((comment) => comment.resolvedAt === null);
  const commentCounts = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const comment of review.comments)
      if (comment.stepId && comment.resolvedAt === null) counts[comment.stepId] = (counts[comment.stepId] ?? 0) + 1;
    return counts;
  }, [review.comments]);
  const stepLabel = useCallback(
    (stepId: string) => {
      const step =
        proposed.steps.find((candidate) => candidate.id === stepId) ??
        baseRoutine?.steps.find((candidate) => candidate.id === stepId);
      return step ? { name: step.name, onShow: () => select(stepId) } : null;
    },
    [proposed, baseRoutine, select],
  );
  const canvases = useMemo(
    () => ({
      base: base
        ? {
            routine: base.routine,
            caption: `v${base.number}${base.routineId === review.routineId ? "" : ` of “${base.routineName}”`} · base`,
          }
        : null,
      proposed: { routine: proposed, caption: `v${version.number} · proposed` },
    }),
    [base, proposed, version.number, review.routineId],
  );
  const sourceDraft = review.provenance?.sourceDraft ?? null;
  const rationale = review.provenance?.rationale ?? null;
  const tabs = [
    { id: "changes" as const, label: `Changes (${diff.changes.length + (diff.defaultMode ? 1 : 0)})` },
    { id: "step" as const, label: "Step" },
    { id: "text" as const, label: "Text" },
    ...(sourceDraft ? [{ id: "draft" as const, label: "Draft" }] : []),
    { id: "comments" as const, label: `Comments (${openComments.length})` },
  ];

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="review-workspace">
      <Notices review={review} summary={rationale?.summary ?? null} defaultMode={diff.defaultMode} />
      <div className="flex min-h-0 flex-1">
        <ReviewCanvases
          base={canvases.base}
          proposed={canvases.proposed}
          diff={diff}
          commentCounts={commentCounts}
          selectedStepId={selectedStepId}
          onSelect={select}
        />
        <ResizablePanel
          side="right"
          label="the review details"
          minWidth={300}
          maxWidth={720}
          testId="review-panel"
          {...details}
        >
          <aside
            className="flex min-h-0 min-w-0 flex-1 flex-col border-l border-border bg-surface"
            aria-label="Review details"
          >
            <div className="border-b border-border px-2 pt-2 pb-2">
              <TabList idPrefix="review" label="Review details" value={panel} onChange={setPanel} tabs={tabs} />
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto p-4">
              <TabPanel idPrefix="review" id="changes" active={panel === "changes"}>
                <ChangesPanel diff={diff} hasBase={base !== null} selectedStepId={selectedStepId} onSelect={select} />
              </TabPanel>
              <TabPanel idPrefix="review" id="step" active={panel === "step"}>
                <StepPanel
                  base={baseRoutine}
                  proposed={proposed}
                  baseLabel={baseLabel}
                  proposedLabel={proposedLabel}
                  selectedStepId={selectedStepId}
                  status={
                    selectedStepId
                      ? statusOf(diff.proposed, selectedStepId) === "unchanged"
                        ? statusOf(diff.base, selectedStepId)
                        : statusOf(diff.proposed, selectedStepId)
                      : "unchanged"
                  }
                  rationale={selectedStepId ? rationale?.steps[selectedStepId] : undefined}
                  comments={review.comments.filter(
                    (comment) => comment.stepId !== null && comment.stepId === selectedStepId,
                  )}
                  canComment={permissions.canComment}
                  target={target}
                  actions={actions}
                  onSelect={select}
                />
              </TabPanel>
              <TabPanel idPrefix="review" id="text" active={panel === "text"}>
                {panel === "text" ? <TextDiffPanel base={baseRoutine} proposed={proposed} /> : null}
              </TabPanel>
              {sourceDraft ? (
                <TabPanel idPrefix="review" id="draft" active={panel === "draft"}>
                  <p className="mb-2 text-xs text-muted">The draft the planner was given, as it was pasted.</p>
                  <pre
                    className="whitespace-pre-wrap break-words rounded-lg border border-border bg-surface-muted p-3 font-mono text-xs text-foreground"
                    data-testid="source-draft"
                  >
                    {sourceDraft}
                  </pre>
                </TabPanel>
              ) : null}
              <TabPanel idPrefix="review" id="comments" active={panel === "comments"}>
                <div className="space-y-4">
                  <Decisions review={review} />
                  <CommentList
                    comments={review.comments}
                    target={target}
                    resolve={actions.resolve}
                    stepLabel={stepLabel}
                    empty="No comments yet."
                  />
                  {permissions.canComment.allowed ? (
                    <CommentForm
                      target={target}
                      action={actions.comment}
                      label="Comment on the whole version"
                      placeholder="A remark about the routine as a whole"
                    />
                  ) : null}
                </div>
              </TabPanel>
            </div>
            <DecisionBar
              target={target}
              contentHash={review.contentHash}
              inReview={version.status === "in_review"}
              canDecide={permissions.canDecide}
              openCommentCount={openComments.length}
              decide={actions.decide}
            />
          </aside>
        </ResizablePanel>
      </div>
    </div>
  );
}

/** The planner's summary, a changed default run mode, and what keeps this version from being approved or changed. */
function Notices({
  review,
  summary,
  defaultMode,
}: {
  review: VersionReview;
  summary: string | null;
  defaultMode: ReviewDiff["defaultMode"];
}) {
  const changed = review.toolChanges;
  if (!summary && !defaultMode && changed.length === 0 && !review.archived) return null;
  return (
    <div className="space-y-2 border-b border-border bg-surface px-3 py-2">
      {summary ? (
        <p className="flex gap-2 text-sm text-foreground" data-testid="review-rationale">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <span>
            <span className="font-medium">Planner&apos;s summary: </span>
            {summary}
          </span>
        </p>
      ) : null}
      {defaultMode ? <DefaultModeNotice change={defaultMode} /> : null}
      {changed.length > 0 ? (
        <Alert tone="warning" title="Tools changed since this version was saved" testId="review-tool-changes">
          {changed.map((change) => `${change.server}/${change.name}`).join(", ")}: this version cannot be approved or
          published until its author accepts the new schemas in a new draft.
        </Alert>
      ) : null}
      {review.archived ? (
        <Alert tone="info">This routine is archived: restore it from the library to comment or decide.</Alert>
      ) : null}
    </div>
  );
}

const DECISION_WORDS = { approved: "approved", changes_requested: "requested changes", rejected: "rejected" } as const;

/** Earlier decisions on this version, oldest first. */
function Decisions({ review }: { review: VersionReview }) {
  const decisions = review.version.decisions;
  if (decisions.length === 0) return null;
  return (
    <section aria-label="Decisions" className="space-y-1">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">Decisions</h3>
      <ul className="space-y-1 text-sm" data-testid="review-decisions">
        {decisions.map((decision) => (
          <li
            key={decision.id}
            className="text-foreground"
            data-testid="review-decision"
            data-decision={decision.decision}
          >
            <span className="font-medium">{decision.reviewer?.name ?? "A former user"}</span>{" "}
            {DECISION_WORDS[decision.decision]}
            {decision.comment ? <span className="text-muted">: “{decision.comment}”</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
