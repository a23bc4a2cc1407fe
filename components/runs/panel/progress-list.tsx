"use client";

import { memo, useMemo } from "react";
import { Badge, cn, ProgressBar, Spinner } from "@/components/ui";
import { describeStep } from "@/lib/routine";
import { progressStepIds, progressSummary, selectNodeRunView, selectProgressCounts } from "@/lib/stores/run-view";
import { useRunStructure, useRunView, useRunViewApi } from "../run-view-context";
import { STEP_STATE_STYLE } from "../run-styles";
import { OutsideCalls } from "./agent-log";

/**
 * The routine as a checklist, as the executor sees it: each step with its completion criterion, ticked live. Rows
 * subscribe to their own step, so an event re-renders one row; the count above subscribes to two numbers.
 */
export function ProgressList({ onOpenStep }: { onOpenStep: (stepId: string) => void }) {
  const api = useRunViewApi();
  const ids = useMemo(() => progressStepIds(api.getState()), [api]);
  const counts = useRunView(selectProgressCounts);
  return (
    <div className="space-y-3" data-testid="progress-list">
      <p className="text-xs text-muted" data-testid="progress-count">
        {progressSummary(counts)}
      </p>
      {/* The bar measures how far the run got: a skipped step is behind it too. */}
      <ProgressBar done={counts.done + counts.skipped} total={counts.total} />
      <ol className="space-y-1">
        {ids.map((id, index) => (
          <ProgressRow key={id} stepId={id} number={index + 1} onOpen={onOpenStep} />
        ))}
      </ol>
      <OutsideCalls onOpenStep={onOpenStep} />
    </div>
  );
}

const ProgressRow = memo(function ProgressRow({
  stepId,
  number,
  onOpen,
}: {
  stepId: string;
  number: number;
  onOpen: (stepId: string) => void;
}) {
  const step = useRunStructure().steps.get(stepId);
  const view = useRunView((state) => selectNodeRunView(state, stepId));
  if (!step) return null;
  const style = STEP_STATE_STYLE[view.state];
  const Icon = style.icon;
  const done = view.state === "succeeded";
  // A skipped step did nothing: muted and labelled, never struck through like one that is done.
  const skipped = view.state === "skipped";
  // The executor's own words for when the step is done (its prompt's progress list reads the same).
  const doneWhen = describeStep(step).doneWhen(step);
  return (
    <li data-testid={`progress-${stepId}`} data-state={view.state} data-done={done || undefined}>
      <button
        type="button"
        onClick={() => onOpen(stepId)}
        aria-current={view.selected ? "true" : undefined}
        className={cn(
          "flex w-full items-start gap-2 rounded-lg px-2 py-1.5 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring",
          view.selected && "bg-surface-muted",
          view.current && "ring-1 ring-accent/40",
        )}
      >
        <span className={cn("mt-0.5 shrink-0", TONE_TEXT[style.tone])} title={style.label}>
          {view.state === "running" ? <Spinner className="size-4" /> : <Icon className="size-4" aria-hidden="true" />}
          <span className="sr-only">{style.label}</span>
        </span>
        <span className="min-w-0 flex-1">
          <span
            className={cn(
              "flex items-center gap-1.5 text-sm text-foreground",
              done && "text-muted line-through decoration-muted/60",
              skipped && "text-muted",
            )}
          >
            <span className="min-w-0">
              {number}. {step.name}
            </span>
            {skipped ? (
              <Badge className="shrink-0 px-1.5 py-0 text-[11px]" data-testid="progress-skipped">
                skipped
              </Badge>
            ) : null}
          </span>
          <span className="block text-xs text-muted">Done when: {doneWhen}</span>
          {view.state === "failed" && view.error ? (
            <span className="block truncate text-xs text-danger">{view.error}</span>
          ) : null}
        </span>
      </button>
    </li>
  );
});

const TONE_TEXT = {
  neutral: "text-muted",
  accent: "text-accent",
  success: "text-success",
  warning: "text-warning",
  danger: "text-danger",
} as const;
