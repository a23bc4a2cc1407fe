"use client";

import { Sparkles } from "lucide-react";
import { useMemo } from "react";
import { Badge, cn } from "@/components/ui";
import { stepDetailRows, type DetailRow, type DiffStatus } from "@/lib/review-rules";
import type { Routine } from "@/lib/routine";
import { DIFF_STYLE } from "./diff-style";

const ROW_STYLE: Record<DetailRow["status"], { before: string; after: string; word: string }> = {
  same: { before: "", after: "", word: "" },
  changed: { before: "bg-danger-soft", after: "bg-success-soft", word: "changed" },
  added: { before: "", after: "bg-success-soft", word: "added" },
  removed: { before: "bg-danger-soft", after: "", word: "removed" },
};

type Props = {
  base: Routine | null;
  proposed: Routine;
  baseLabel: string;
  proposedLabel: string;
  stepId: string;
  status: DiffStatus;
  /** What the planner said about this step, when the version was AI-optimized. */
  rationale?: string;
};

/** The selected step field by field, base beside proposed, with the planner's reason for it. */
export function StepDiffPanel({ base, proposed, baseLabel, proposedLabel, stepId, status, rationale }: Props) {
  const rows = useMemo(() => stepDetailRows(base, proposed, stepId), [base, proposed, stepId]);
  const name =
    proposed.steps.find((step) => step.id === stepId)?.name ??
    base?.steps.find((step) => step.id === stepId)?.name ??
    stepId;
  const style = DIFF_STYLE[status];
  return (
    <div className="space-y-3" data-testid="step-diff" data-step-id={stepId} data-diff={status}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-foreground" data-testid="step-diff-name">
          {name}
        </h3>
        <Badge
          tone={
            status === "added"
              ? "success"
              : status === "removed"
                ? "danger"
                : status === "changed"
                  ? "warning"
                  : "neutral"
          }
          data-testid="step-diff-status"
        >
          {style.label}
        </Badge>
      </div>
      {rationale ? (
        <p
          className="flex gap-2 rounded-lg bg-accent-soft px-3 py-2 text-sm text-foreground"
          data-testid="step-rationale"
        >
          <Sparkles className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <span>
            <span className="font-medium">Planner: </span>
            {rationale}
          </span>
        </p>
      ) : null}
      <table className="w-full table-fixed border-collapse text-xs" data-testid="step-diff-table">
        <caption className="sr-only">{`${name}: ${baseLabel} beside ${proposedLabel}`}</caption>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="w-24 py-1 pr-2 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {baseLabel}
            </th>
            <th scope="col" className="py-1 font-medium">
              {proposedLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const look = ROW_STYLE[row.status];
            return (
              <tr
                key={row.key}
                className="border-t border-border align-top"
                data-testid="step-diff-row"
                data-field={row.key}
                data-status={row.status}
              >
                <th scope="row" className="py-1.5 pr-2 text-left font-medium text-muted">
                  {row.label}
                  {look.word ? <span className="sr-only"> ({look.word})</span> : null}
                </th>
                <td
                  className={cn("whitespace-pre-wrap break-words px-1.5 py-1.5 text-foreground", look.before)}
                  data-testid="step-diff-before"
                >
                  {row.before ?? <span className="text-muted">—</span>}
                </td>
                <td
                  className={cn("whitespace-pre-wrap break-words px-1.5 py-1.5 text-foreground", look.after)}
                  data-testid="step-diff-after"
                >
                  {row.after ?? <span className="text-muted">—</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
