"use client";

import { ChevronRight } from "lucide-react";
import { cn } from "@/components/ui";
import type { HierarchyTotals } from "@/lib/runs/hierarchy";
import { TONE_TEXT } from "../run-styles";
import { useNow } from "../use-now";
import { useRunHierarchy, useStagesUi } from "./run-stages-context";
import { stageKeyOf, stageTestKey } from "./stage-keys";
import { costText, durationText, HIERARCHY_STATUS_STYLE, isActive, tokensText } from "./stage-style";

// Five columns in a side panel 300 px wide: tight cells (the ui Table's roomy ones would scroll sideways).
const CELL = "border-b border-border px-1.5 py-1.5 align-top text-xs text-foreground";
const HEAD = "border-b border-border px-1.5 py-1.5 text-left text-xs font-medium text-muted";

/**
 * The run by stage, in the Run tab: one row per stage with its status, progress, time, tokens and cost, and the
 * run's totals below. Folded away by a click on its title; a stage's name opens it in the side panel.
 */
export function HierarchySummary() {
  const hierarchy = useRunHierarchy();
  const { selectStage } = useStagesUi();
  const live = hierarchy?.stages.some((stage) => isActive(stage.status) && stage.startedAt !== null) ?? false;
  const now = useNow(live);
  if (!hierarchy) return null;
  return (
    <details open className="group space-y-1.5" data-testid="run-hierarchy">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded text-xs font-semibold uppercase tracking-wide text-muted focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden="true" />
        By stage
      </summary>
      <table className="w-full border-collapse tabular-nums">
        <thead>
          <tr>
            <th scope="col" className={HEAD}>
              Stage
            </th>
            <th scope="col" className={HEAD}>
              Steps
            </th>
            <th scope="col" className={HEAD}>
              Time
            </th>
            <th scope="col" className={HEAD}>
              Tokens
            </th>
            <th scope="col" className={HEAD}>
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {hierarchy.stages.map((stage) => (
            <tr key={stageKeyOf(stage)} data-testid={`run-hierarchy-${stageTestKey(stage)}`} data-state={stage.status}>
              <td className={CELL}>
                <button
                  type="button"
                  onClick={() => selectStage(stageKeyOf(stage))}
                  className="text-left font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {stage.name}
                </button>
                <StatusLine totals={stage} />
              </td>
              <td className={CELL}>
                {stage.stepsDone}/{stage.stepsTotal}
              </td>
              <td className={cn(CELL, "whitespace-nowrap")}>{durationText(stage, now)}</td>
              <td className={CELL}>{tokensText(stage)}</td>
              <td className={CELL}>{costText(stage)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="run-hierarchy-total">
            <td className={cn(CELL, "font-medium")}>All stages</td>
            <td className={CELL}>
              {hierarchy.stepsDone}/{hierarchy.stepsTotal}
            </td>
            <td className={CELL}>—</td>
            <td className={CELL}>{tokensText(hierarchy)}</td>
            <td className={CELL}>{costText(hierarchy)}</td>
          </tr>
        </tfoot>
      </table>
    </details>
  );
}

function StatusLine({ totals }: { totals: HierarchyTotals }) {
  const style = HIERARCHY_STATUS_STYLE[totals.status];
  return <span className={cn("block", TONE_TEXT[style.tone])}>{style.label}</span>;
}
