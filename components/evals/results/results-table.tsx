import { Badge, ButtonLink, Table, Td, Th } from "@/components/ui";
import { TrialOutcomes, TrialVerdicts, type TrialView } from "./result-trials";

/** A case under one configuration: its trials (one, unless the suite runs each case k times). */
export type ResultCellView = { trials: TrialView[] } | null;
export type ResultRowView = {
  caseId: string;
  caseName: string;
  deleted?: boolean;
  strict?: boolean;
  cells: ResultCellView[];
};

/**
 * Cases × configurations, one page at a time (a suite may have a thousand cases): per configuration the call verdict
 * of each trial (each opens its result) and, in a column of its own, the outcome (did every tool answer without an
 * error). The links keep the run, the page and the filter in the address, so the back button and a shared link work.
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
          // A link, not a toggle button (aria-pressed is not allowed on one): its words say what it shows next, and
          // the count above says what is shown now.
          data-testid="results-failed-only"
        >
          {failedOnly ? "Show all cases" : "Failed only"}
        </ButtonLink>
      </div>
      <p className="text-xs text-muted" data-testid="results-rule">
        A case passes when its calls are right: the tools, their order and their arguments (the Berkeley Function
        Calling Leaderboard&apos;s rule, which judges the calls, not what the tools answered). The outcome column says
        whether every tool answered without an error. A case marked <span className="font-medium">strict</span> also
        needs that outcome to pass.
      </p>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
          {failedOnly ? "No case failed." : "No results yet."}
        </p>
      ) : (
        <Table>
          <caption className="sr-only">Each case&apos;s result under each configuration</caption>
          <thead>
            <tr>
              <Th rowSpan={2}>Case</Th>
              {columns.map((column, index) => (
                <Th key={index} colSpan={2} title={column}>
                  {/* Named as on the score cards above, so a column reads without its tooltip. */}
                  <span className="block normal-case" data-testid="results-column">
                    #{index + 1} {column}
                  </span>
                </Th>
              ))}
            </tr>
            <tr>
              {columns.flatMap((_, index) => [
                <Th key={`calls-${index}`}>Calls</Th>,
                <Th key={`outcome-${index}`}>Outcome</Th>,
              ])}
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
                  {row.strict ? (
                    <Badge
                      className="ml-2"
                      tone="accent"
                      data-testid="result-case-strict"
                      title="Strict: this case passes only when its calls are right and every tool answered without an error."
                    >
                      strict
                    </Badge>
                  ) : null}
                </Td>
                {row.cells.flatMap((cell, index) =>
                  cell
                    ? [
                        <Td key={`calls-${index}`}>
                          <TrialVerdicts
                            caseName={row.caseName}
                            configuration={index}
                            trials={cell.trials}
                            hrefFor={hrefFor}
                            selectedResultId={selectedResultId}
                          />
                        </Td>,
                        <Td key={`outcome-${index}`}>
                          <TrialOutcomes trials={cell.trials} />
                        </Td>,
                      ]
                    : [
                        <Td key={`calls-${index}`}>
                          <span className="text-muted">—</span>
                        </Td>,
                        <Td key={`outcome-${index}`} />,
                      ],
                )}
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
