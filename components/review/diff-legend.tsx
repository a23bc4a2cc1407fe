import { cn } from "@/components/ui";
import type { DiffStatus, ReviewDiff } from "@/lib/review-rules";
import { DIFF_STYLE } from "./diff-style";

const ORDER: DiffStatus[] = ["added", "removed", "changed", "unchanged"];

/** What the canvas colours mean, with how many steps carry each. */
export function DiffLegend({ counts }: { counts: ReviewDiff["counts"] }) {
  return (
    <ul
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted"
      aria-label="Legend"
      data-testid="diff-legend"
    >
      {ORDER.map((status) => (
        <li key={status} className="flex items-center gap-1.5" data-testid={`diff-legend-${status}`}>
          <span className={cn("inline-block size-3 rounded border-2", DIFF_STYLE[status].swatch)} aria-hidden="true" />
          <span>
            {DIFF_STYLE[status].label} <span className="tabular-nums text-foreground">{counts[status]}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
