import { EXCLUSION_TEXT, type TrainingSummary } from "@/lib/evaluations/scoring";

/**
 * What the export's rules left out, a line per rule with its count and why: so a person who expected more
 * examples sees where the runs went (evaluation runs, failed cases, runs that went past a tool error).
 */
export function ExportExclusions({ summary }: { summary: TrainingSummary }) {
  if (summary.excluded.length === 0 && summary.undefinedTools === 0) return null;
  return (
    <div className="space-y-2 text-sm" data-testid="export-exclusions">
      {summary.excluded.length > 0 ? (
        <>
          <p className="font-medium text-foreground">Left out</p>
          <ul className="space-y-1.5">
            {summary.excluded.map(({ reason, count }) => (
              <li key={reason} className="flex gap-3" data-testid={`export-excluded-${reason}`} data-count={count}>
                <span className="w-10 shrink-0 text-right font-semibold tabular-nums text-foreground">{count}</span>
                <span className="min-w-0">
                  <span className="text-foreground">{EXCLUSION_TEXT[reason].label}</span>
                  <span className="text-muted"> — {EXCLUSION_TEXT[reason].why}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {summary.undefinedTools > 0 ? (
        <p className="text-muted" data-testid="export-undefined-tools">
          {summary.undefinedTools === 1 ? "1 example calls" : `${summary.undefinedTools} examples call`} a tool whose
          definition the tool registry no longer holds; the file says so in that tool&apos;s description.
        </p>
      ) : null}
    </div>
  );
}
