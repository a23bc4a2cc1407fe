"use client";

import { useId } from "react";
import { Select } from "@/components/ui/select";
import type { Permission } from "@/lib/db/reviews";
import type { DiffStatus } from "@/lib/review-rules";
import type { Routine } from "@/lib/routine";
import { CommentForm, CommentList, type ReviewComment } from "./review-comments";
import type { ReviewActions, VersionTarget } from "./review-types";
import { StepDiffPanel } from "./step-diff-panel";

type Props = {
  base: Routine | null;
  proposed: Routine;
  baseLabel: string;
  proposedLabel: string;
  selectedStepId: string | null;
  status: DiffStatus;
  rationale?: string;
  comments: readonly ReviewComment[];
  canComment: Permission;
  target: VersionTarget;
  actions: Pick<ReviewActions, "comment" | "resolve">;
  onSelect: (stepId: string | null) => void;
};

/** The "Step" tab: pick a step (here or on a canvas), see it side by side, and discuss it. */
export function StepPanel({
  base,
  proposed,
  baseLabel,
  proposedLabel,
  selectedStepId,
  status,
  rationale,
  comments,
  canComment,
  target,
  actions,
  onSelect,
}: Props) {
  const id = useId();
  const proposedIds = new Set(proposed.steps.map((step) => step.id));
  const removed = base?.steps.filter((step) => !proposedIds.has(step.id)) ?? [];
  const inProposed = selectedStepId !== null && proposedIds.has(selectedStepId);
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <label htmlFor={`${id}-step`} className="text-xs font-medium text-muted">
          Step
        </label>
        <Select
          id={`${id}-step`}
          value={selectedStepId ?? ""}
          onChange={(event) => onSelect(event.target.value || null)}
          data-testid="step-picker"
        >
          <option value="">Choose a step…</option>
          {proposed.steps.map((step) => (
            <option key={step.id} value={step.id}>
              {step.name}
            </option>
          ))}
          {removed.map((step) => (
            <option key={step.id} value={step.id}>{`${step.name} (removed)`}</option>
          ))}
        </Select>
      </div>
      {selectedStepId === null ? (
        <p className="text-sm text-muted" data-testid="step-none">
          Select a step on either canvas, here, or under Changes to compare it and comment on it.
        </p>
      ) : (
        <>
          <StepDiffPanel
            base={base}
            proposed={proposed}
            baseLabel={baseLabel}
            proposedLabel={proposedLabel}
            stepId={selectedStepId}
            status={status}
            rationale={rationale}
          />
          <section aria-label="Comments on this step" className="space-y-2">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">Comments on this step</h3>
            <CommentList
              comments={comments}
              target={target}
              resolve={actions.resolve}
              empty="No comments on this step."
            />
            {!inProposed ? (
              <p className="text-xs text-muted">
                This step was removed; comment on the whole version instead (Comments tab).
              </p>
            ) : canComment.allowed ? (
              <CommentForm
                key={selectedStepId}
                target={target}
                stepId={selectedStepId}
                action={actions.comment}
                label="Comment on this step"
                placeholder="What should change here, and why?"
              />
            ) : (
              <p className="text-xs text-muted">
                {canComment.reason.startsWith("needs")
                  ? `Commenting ${canComment.reason}.`
                  : `No comments here: ${canComment.reason}.`}
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
