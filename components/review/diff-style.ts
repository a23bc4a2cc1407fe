import type { DiffStatus } from "@/lib/review-rules";

/** How each diff status looks, everywhere the review shows one: canvas nodes, the legend, lists and rows. */
export const DIFF_STYLE: Record<DiffStatus, { label: string; node: string; tag: string; swatch: string }> = {
  added: {
    label: "Added",
    node: "border-success bg-success-soft",
    tag: "bg-success text-surface",
    swatch: "border-success bg-success-soft",
  },
  removed: {
    label: "Removed",
    node: "border-danger bg-danger-soft border-dashed",
    tag: "bg-danger text-surface",
    swatch: "border-danger bg-danger-soft border-dashed",
  },
  changed: {
    label: "Changed",
    node: "border-warning bg-warning-soft",
    tag: "bg-warning text-surface",
    swatch: "border-warning bg-warning-soft",
  },
  unchanged: {
    label: "Unchanged",
    node: "border-border bg-surface",
    tag: "bg-surface-muted text-muted",
    swatch: "border-border bg-surface",
  },
};
