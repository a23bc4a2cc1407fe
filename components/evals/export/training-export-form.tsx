"use client";

import { Download, FileX2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert, buttonClasses, Card, CardBody, CardHeader, EmptyState, Spinner } from "@/components/ui";
import { minimumWarning, trainingQueryString, type TrainingSummary } from "@/lib/evaluations/scoring";
import { ExportExclusions } from "./export-exclusions";
import { ExportFilterFields, type ExportFormValues, type ExportRoutineOption } from "./export-filter-fields";

type SummaryResult =
  | { status: "ok"; summary: TrainingSummary }
  | { status: "error"; message: string; fieldErrors?: Record<string, string[]> };

type Props = {
  routines: ExportRoutineOption[];
  models: string[];
  /** The summary of the empty filter, read with the page. */
  initialSummary: TrainingSummary;
  summaryAction: (filter: Record<string, string>) => Promise<SummaryResult>;
};

const INITIAL: ExportFormValues = {
  routineId: "",
  versionId: "",
  model: "",
  from: "",
  to: "",
  source: "runs",
  format: "openai",
  withRoutine: true,
};

/** Waits this long after the last change before counting, so typing a date does not count every keystroke. */
const COUNT_DELAY_MS = 250;

const filterOf = (values: ExportFormValues) => ({
  routineId: values.routineId,
  versionId: values.versionId,
  model: values.model,
  from: values.from,
  to: values.to,
  source: values.source,
});

/**
 * The export's filter with the examples it takes and what its rules left out, summarized again whenever the filter
 * changes, a warning below the format's minimum, and the download link to the streamed JSONL. Format and the
 * routine switch change the file, not the count.
 */
export function TrainingExportForm({ routines, models, initialSummary, summaryAction }: Props) {
  const [values, setValues] = useState<ExportFormValues>(INITIAL);
  const filterKey = JSON.stringify(filterOf(values));
  // The newest count and the filter it belongs to: while they differ, a count is on its way.
  const [counted, setCounted] = useState<{ key: string; result: SummaryResult }>(() => ({
    key: JSON.stringify(filterOf(INITIAL)),
    result: { status: "ok", summary: initialSummary },
  }));
  const counting = counted.key !== filterKey;
  const result = counted.result;

  useEffect(() => {
    if (!counting) return;
    let stale = false;
    const timer = setTimeout(() => {
      summaryAction(JSON.parse(filterKey) as Record<string, string>)
        .catch((): SummaryResult => ({ status: "error", message: "The count could not be read. Try again." }))
        .then((result) => {
          if (!stale) setCounted({ key: filterKey, result });
        });
    }, COUNT_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [filterKey, counting, summaryAction]);

  const href = `/api/evaluations/export?${trainingQueryString({
    filter: filterOf(values),
    format: values.format,
    withRoutine: values.withRoutine,
  })}`;
  const fieldErrors = result.status === "error" ? (result.fieldErrors ?? {}) : {};

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="What to export" description="Every field narrows the runs; leave one empty for any." />
        <CardBody>
          <ExportFilterFields
            values={values}
            routines={routines}
            models={models}
            fieldErrors={fieldErrors}
            onChange={(change) => setValues((current) => ({ ...current, ...change }))}
          />
        </CardBody>
      </Card>

      <div aria-live="polite" data-testid="export-result">
        {counting ? (
          <p className="flex items-center gap-2 text-sm text-muted" data-testid="export-counting">
            <Spinner className="size-4" /> Counting the examples…
          </p>
        ) : result.status === "error" ? (
          <Alert tone="error" title="The examples could not be counted" testId="export-count-error">
            {result.message}
          </Alert>
        ) : (
          <ExportResult summary={result.summary} format={values.format} href={href} />
        )}
      </div>
    </div>
  );
}

/** The examples the filter takes, or the empty state; what was left out; the minimum warning; the download. */
function ExportResult({
  summary,
  format,
  href,
}: {
  summary: TrainingSummary;
  format: ExportFormValues["format"];
  href: string;
}) {
  const warning = minimumWarning(format, summary.examples);
  return (
    <div className="space-y-4">
      {summary.examples === 0 ? (
        <EmptyState icon={FileX2} title="No training examples match this filter" testId="export-empty">
          <p>
            Nothing to download: only runs that finished well become examples. Widen the filter, choose another source,
            or run the routine first.
          </p>
        </EmptyState>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-sm text-foreground">
            <span className="text-2xl font-semibold tabular-nums" data-testid="export-count">
              {summary.examples}
            </span>{" "}
            {summary.examples === 1 ? "example" : "examples"}, one JSON line each.
          </p>
          {/* A plain link: the browser streams the file to disk instead of the page holding it in memory. */}
          <a href={href} download className={buttonClasses("primary")} data-testid="export-download">
            <Download className="size-4" aria-hidden="true" />
            Download JSONL
          </a>
        </div>
      )}
      {warning ? (
        <Alert tone="warning" title="Too few examples to fine-tune" testId="export-minimum-warning">
          {warning}
        </Alert>
      ) : null}
      <ExportExclusions summary={summary} />
    </div>
  );
}
