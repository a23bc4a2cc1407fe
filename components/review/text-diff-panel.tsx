"use client";

import { useMemo, useState } from "react";
import { Button, cn } from "@/components/ui";
import { countChangedLines, foldUnchanged, textDiffLines, type TextDiffRow } from "@/lib/review-rules";
import { renderRoutineText, type Routine } from "@/lib/routine";

const LINE_STYLE = {
  same: { mark: " ", row: "", sr: "" },
  added: { mark: "+", row: "bg-success-soft", sr: "added: " },
  removed: { mark: "−", row: "bg-danger-soft", sr: "removed: " },
} as const;

/** The routine in the paper's text form, base against proposed, line by line (unchanged runs folded). */
export function TextDiffPanel({ base, proposed }: { base: Routine | null; proposed: Routine }) {
  const lines = useMemo(
    () => textDiffLines(base ? renderRoutineText(base) : "", renderRoutineText(proposed)),
    [base, proposed],
  );
  const [whole, setWhole] = useState(false);
  const rows: TextDiffRow[] = useMemo(() => (whole ? lines : foldUnchanged(lines)), [lines, whole]);
  const counts = countChangedLines(lines);
  return (
    <div className="space-y-2" data-testid="text-diff">
      <div className="flex items-center justify-between gap-2 text-xs text-muted">
        <p data-testid="text-diff-counts">
          {counts.added === 0 && counts.removed === 0
            ? "The paper text is the same."
            : `${counts.added} line(s) added, ${counts.removed} removed`}
        </p>
        <Button variant="ghost" size="sm" onClick={() => setWhole((value) => !value)} data-testid="text-diff-toggle">
          {whole ? "Fold unchanged lines" : "Show every line"}
        </Button>
      </div>
      <div className="overflow-x-auto rounded-lg border border-border font-mono text-xs leading-relaxed">
        <table className="w-full border-collapse">
          <caption className="sr-only">Paper text: lines removed from the base and added in the proposal</caption>
          <tbody>
            {rows.map((row, index) =>
              row.kind === "skipped" ? (
                <tr key={`skip-${index}`} className="bg-surface-muted text-muted">
                  <td colSpan={4} className="px-2 py-0.5 text-center">
                    <button
                      type="button"
                      className="hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={() => setWhole(true)}
                    >
                      {row.count} unchanged line(s)
                    </button>
                  </td>
                </tr>
              ) : (
                <tr key={index} className={LINE_STYLE[row.kind].row} data-testid="text-diff-line" data-kind={row.kind}>
                  <td className="w-8 select-none px-1 text-right text-muted">
                    {row.kind === "added" ? "" : row.beforeLine}
                  </td>
                  <td className="w-8 select-none px-1 text-right text-muted">
                    {row.kind === "removed" ? "" : row.afterLine}
                  </td>
                  <td className="w-4 select-none text-center text-muted" aria-hidden="true">
                    {LINE_STYLE[row.kind].mark}
                  </td>
                  <td className={cn("whitespace-pre-wrap break-words py-0.5 pr-2 text-foreground")}>
                    <span className="sr-only">{LINE_STYLE[row.kind].sr}</span>
                    {row.text}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
