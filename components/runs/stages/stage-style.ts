import { Pause } from "lucide-react";
import type { HierarchyStatus, HierarchyTotals } from "@/lib/runs/hierarchy";
import { elapsedMs, formatCost, formatDuration, formatTokens } from "@/lib/stores/run-view";
import { STEP_STATE_STYLE } from "../run-styles";

/** A stage's or actor's status as lists and nodes show it: the step states' looks, and "paused" for a held one. */
export const HIERARCHY_STATUS_STYLE: Record<HierarchyStatus, (typeof STEP_STATE_STYLE)[keyof typeof STEP_STATE_STYLE]> =
  {
    ...STEP_STATE_STYLE,
    paused: { label: "Paused", tone: "warning", icon: Pause, frame: "border-warning bg-warning-soft" },
  };

const ACTIVE: ReadonlySet<HierarchyStatus> = new Set(["running", "waiting", "paused"]);

/** How long a level took, or has taken so far while it is still going ("—" before it started). */
export function durationText(totals: HierarchyTotals, now: number): string {
  if (totals.durationMs !== null) return formatDuration(totals.durationMs);
  if (totals.startedAt && ACTIVE.has(totals.status)) return formatDuration(elapsedMs(totals.startedAt, null, now));
  return "—";
}

export const tokensText = (totals: Pick<HierarchyTotals, "inputTokens" | "outputTokens">) =>
  formatTokens(totals.inputTokens + totals.outputTokens);
export const costText = (totals: Pick<HierarchyTotals, "cost">) =>
  totals.cost === null ? "unknown" : formatCost(totals.cost);
export const progressText = (totals: Pick<HierarchyTotals, "stepsDone" | "stepsTotal">) =>
  `${totals.stepsDone} / ${totals.stepsTotal} steps`;
export const isActive = (status: HierarchyStatus) => ACTIVE.has(status);
