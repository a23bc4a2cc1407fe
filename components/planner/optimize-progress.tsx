"use client";

import { Check } from "lucide-react";
import { Button, cn } from "@/components/ui";
import { PHASE_LABELS, type PlannerPhase } from "@/lib/planner/contract";

type RunningPhase = Exclude<PlannerPhase, "done" | "failed">;
const STEPS: RunningPhase[] = ["planning", "validating", "repairing", "saving"];

type Props = {
  phase: RunningPhase;
  message: string;
  percent: number;
  attempt: number;
  seen: RunningPhase[];
  onCancel: () => void;
};

/**
 * The planner at work: a progress bar with the phase, what is happening now, and the phases passed. Repairing
 * shows only when the model's first answer needed it. Cancel stays available until saving starts (a save is one
 * transaction and is not cut short).
 */
export function OptimizeProgress({ phase, message, percent, attempt, seen, onCancel }: Props) {
  const label = PHASE_LABELS[phase];
  return (
    <div className="space-y-4" data-testid="optimize-progress" data-phase={phase}>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium" data-testid="optimize-phase" aria-live="polite">
            {label}
            {phase === "repairing" ? ` (round ${attempt - 1})` : ""}
          </span>
          <span className="tabular-nums text-muted">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Optimization progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${label}: ${message}`}
          className="h-2 overflow-hidden rounded-full bg-surface-muted"
          data-testid="optimize-progressbar"
        >
          {/* Pulses while the model writes: its answer takes a while and reports no progress of its own. */}
          <div
            className={cn(
              "h-full rounded-full bg-accent transition-[width] duration-500",
              (phase === "planning" || phase === "repairing") && "animate-pulse",
            )}
            style={{ width: `${Math.max(2, percent)}%` }}
          />
        </div>
        <p className="text-sm text-muted" data-testid="optimize-message">
          {message}
        </p>
      </div>
      <PhaseLog phase={phase} seen={seen} />
      <div className="flex justify-end">
        <Button
          type="button"
          variant="secondary"
          onClick={onCancel}
          disabled={phase === "saving"}
          data-testid="optimize-cancel"
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * The phases as a row of chips: passed ones ticked, the current one highlighted. Repairing shows only when the
 * model's first answer needed it. Without a current phase (the run ended) every phase seen counts as passed.
 */
export function PhaseLog({ phase, seen }: { phase?: RunningPhase; seen: readonly RunningPhase[] }) {
  const shown = STEPS.filter((step) => step !== "repairing" || seen.includes("repairing") || phase === "repairing");
  return (
    <ol className="flex flex-wrap gap-2 text-xs" aria-label="Phases" data-testid="optimize-phase-log">
      {shown.map((step) => {
        const current = step === phase;
        const passed = !current && seen.includes(step);
        return (
          <li
            key={step}
            data-testid={`optimize-phase-${step}`}
            data-state={current ? "current" : passed ? "passed" : "pending"}
            aria-current={current ? "step" : undefined}
            className={cn(
              "flex items-center gap-1 rounded-full border px-2 py-0.5",
              current
                ? "border-accent bg-accent-soft font-medium text-accent"
                : passed
                  ? "border-border text-foreground"
                  : "border-border text-muted",
            )}
          >
            {passed ? <Check className="size-3" aria-hidden="true" /> : null}
            {PHASE_LABELS[step]}
          </li>
        );
      })}
    </ol>
  );
}
