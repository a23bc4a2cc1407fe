"use client";

import { Alert, Button, ButtonLink } from "@/components/ui";
import { PhaseLog } from "./optimize-progress";
import type { FailureKind, OptimizeState } from "./use-optimize";

const FAILURE_TITLES: Record<FailureKind, string> = {
  not_configured: "The planner model is not configured",
  empty_draft: "There is nothing to optimize",
  too_large: "The draft is too large for the planner",
  not_json: "The model did not answer with a routine",
  invalid_after_repairs: "The model could not produce a valid routine",
  model_error: "The planner model failed",
  aborted: "Cancelled",
  cancelled: "Cancelled",
  conflict: "The routine changed",
  refused: "The request was refused",
  network: "The connection broke",
  unexpected: "Something went wrong",
};

/** A new version in review: its number, where to review it, and a way back to the (reloaded) designer. */
export function OptimizeDone({
  state,
  onClose,
}: {
  state: Extract<OptimizeState, { status: "done" }>;
  onClose: () => void;
}) {
  const { result } = state;
  const repairs =
    result.repairCount === 0 ? "no repairs" : `${result.repairCount} repair${result.repairCount === 1 ? "" : "s"}`;
  const tokens = (result.usage.inputTokens + result.usage.outputTokens).toLocaleString("en");
  return (
    <div className="space-y-4" data-testid="optimize-done">
      <Alert tone="success" title={`Version ${result.versionNumber} is in review`}>
        <p data-testid="optimize-done-summary">
          The planner ({result.model}) wrote the routine with {repairs}, using {tokens} tokens.
          {result.warnings > 0
            ? ` It has ${result.warnings} warning${result.warnings === 1 ? "" : "s"} to look at.`
            : ""}
        </p>
        <p className="mt-1">
          Status: <span data-testid="optimize-done-status">in review</span>. A reviewer other than you approves it.
        </p>
      </Alert>
      <PhaseLog seen={state.seen} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose} data-testid="optimize-done-close">
          Back to the designer
        </Button>
        <ButtonLink href={result.reviewUrl} prefetch={false} data-testid="optimize-review-link">
          Open version {result.versionNumber} for review
        </ButtonLink>
      </div>
    </div>
  );
}

/** Why no version was saved, what to do about it, and the problems the model left when there are some. */
export function OptimizeFailed({
  state,
  onRetry,
  onClose,
}: {
  state: Extract<OptimizeState, { status: "failed" }>;
  onRetry: () => void;
  onClose: () => void;
}) {
  const cancelled = state.kind === "cancelled" || state.kind === "aborted";
  return (
    <div className="space-y-4" data-testid="optimize-failed" data-kind={state.kind}>
      <Alert tone={cancelled ? "info" : "error"} title={FAILURE_TITLES[state.kind]} testId="optimize-error">
        <p data-testid="optimize-error-message">{state.message}</p>
        {state.issues.length > 0 ? (
          <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-4" data-testid="optimize-issues">
            {state.issues.map((issue, index) => (
              <li key={index}>
                {issue.stepId ? <span className="font-mono text-xs">{issue.stepId}: </span> : null}
                {issue.message}
              </li>
            ))}
          </ul>
        ) : null}
      </Alert>
      {state.seen.length > 0 ? <PhaseLog seen={state.seen} /> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose} data-testid="optimize-failed-close">
          Close
        </Button>
        <Button type="button" onClick={onRetry} data-testid="optimize-retry">
          Try again
        </Button>
      </div>
    </div>
  );
}
