import Link from "next/link";
import { Badge, ButtonLink, Table, Td, Th } from "@/components/ui";
import { AnswerCounts, type AnswerOrigin } from "./answer-origin";

export type ResultCellView = {
  resultId: string;
  status: string;
  headline: string | null;
  /** How its calls were answered: live, from a pin, or simulated by the evaluation sandbox. */
  answers?: Record<AnswerOrigin, number>;
} | null;
export type ResultRowView = { caseId: string; caseName: string; deleted?: boolean; cells: ResultCellView[] };

const TONE: Record<string, "neutral" | "accent" | "success" | "warning" | "danger"> = {
  passed: "success",
  failed: "danger",
  error: "warning",
  skipped: "neutral",
  pending: "neutral",
  running: "accent",
};

/**
 * Cases × configurations, one page at a time (a suite may have a thousand cases). Each cell opens its result; the
 * links keep the run, the page and the filter in the address, so the back button and a shared link work.
 */
export function ResultsTable({
  rows,
  columns,
  total,
  page,
  pageSize,
  failedOnly,
  hrefFor,
  selectedResultId,
}: {
  rows: ResultRowView[];
  columns: string[];
  total: number;
  page: number;
  pageSize: number;
  failedOnly: boolean;
  hrefFor: (patch: { page?: number; failed?: boolean; result?: string | null }) => string;
  selectedResultId: string | null;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="space-y-3" data-testid="results-table">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" data-testid="results-count">
          {total} case{total === 1 ? "" : "s"}
          {failedOnly ? " that failed or errored under some configuration" : ""}
        </p>
        <ButtonLink
          href={hrefFor({ failed: !failedOnly, page: 1, result: null })}
          variant="secondary"
          size="sm"
          aria-pressed={failedOnly}
          data-testid="results-failed-only"
        >
          {failedOnly ? "Show all cases" : "Failed only"}
        </ButtonLink>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
          {failedOnly ? "No case failed." : "No results yet."}
        </p>
      ) : (
        <Table>
          <caption className="sr-only">Each case&apos;s result under each configuration</caption>
          <thead>
            <tr>
              <Th>Case</Th>
              {columns.map((column, index) => (
                <Th key={index} title={column}>
                  {/* Named as on the score cards above, so a column reads without its tooltip. */}
                  <span className="block normal-case" data-testid="results-column">
                    #{index + 1} {column}
                  </span>
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.caseId} data-testid="results-row">
                <Td className="font-medium">
                  {row.caseName}
                  {row.deleted ? (
                    <Badge
                      className="ml-2"
                      data-testid="result-case-deleted"
                      title="The case was deleted since; its results are kept."
                    >
                      deleted
                    </Badge>
                  ) : null}
                </Td>
                {row.cells.map((cell, index) => (
                  <Td key={index}>
                    {cell ? (
                      <>
                        <Link
                          href={hrefFor({ result: cell.resultId })}
                          scroll={false}
                          title={cell.headline ?? undefined}
                          aria-label={`${row.caseName}, configuration ${index + 1}: ${cell.status}${cell.headline ? ` — ${cell.headline}` : ""}`}
                          aria-current={selectedResultId === cell.resultId ? "true" : undefined}
                          data-testid={`result-cell-${cell.status}`}
                          className="rounded focus-visible:outline-2 focus-visible:outline-ring"
                        >
                          <Badge
                            tone={TONE[cell.status] ?? "neutral"}
                            className={selectedResultId === cell.resultId ? "ring-2 ring-ring" : undefined}
                          >
                            {cell.status}
                          </Badge>
                        </Link>
                        <AnswerCounts answers={cell.answers} />
                      </>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {pages > 1 ? (
        <nav aria-label="Result pages" className="flex items-center justify-end gap-2 text-sm">
          {page > 1 ? (
            <ButtonLink
              href={hrefFor({ page: page - 1, result: null })}
              variant="secondary"
              size="sm"
              data-testid="results-previous"
            >
              Previous
            </ButtonLink>
          ) : null}
          <span className="text-muted" data-testid="results-page">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <ButtonLink
              href={hrefFor({ page: page + 1, result: null })}
              variant="secondary"
              size="sm"
              data-testid="results-next"
            >
              Next
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
