"use client";

import { Download, FileX2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert, buttonClasses, Card, CardBody, CardHeader, EmptyState, Spinner } from "@/components/ui";
import { trainingQueryString } from "@/lib/eval";
import { ExportFilterFields, type ExportFormValues, type ExportRoutineOption } from "./export-filter-fields";

type CountResult =
  { status: "ok"; count: number } | { status: "error"; message: string; fieldErrors?: Record<string, string[]> };

type Props = {
  routines: ExportRoutineOption[];
  models: string[];
  /** The count of the empty filter, read with the page. */
  initialCount: number;
  countAction: (filter: Record<string, string>) => Promise<CountResult>;
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
 * The export's filter with the number of examples it takes, counted again whenever the filter changes, and the
 * download link to the streamed JSONL. Format and the routine switch change the file, not the count.
 */
export function TrainingExportForm({ routines, models, initialCount, countAction }: Props) {
  const [values, setValues] = useState<ExportFormValues>(INITIAL);
  const filterKey = JSON.stringify(filterOf(values));
  // The newest count and the filter it belongs to: while they differ, a count is on its way.
  const [counted, setCounted] = useState<{ key: string; result: CountResult }>(() => ({
    key: JSON.stringify(filterOf(INITIAL)),
    result: { status: "ok", count: initialCount },
  }));
  const counting = counted.key !== filterKey;
  const count = counted.result;

  useEffect(() => {
    if (!counting) return;
    let stale = false;
    const timer = setTimeout(() => {
      countAction(JSON.parse(filterKey) as Record<string, string>)
        .catch((): CountResult => ({ status: "error", message: "The count could not be read. Try again." }))
        .then((result) => {
          if (!stale) setCounted({ key: filterKey, result });
        });
    }, COUNT_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [filterKey, counting, countAction]);

  const href = `/api/evaluations/export?${trainingQueryString({
    filter: filterOf(values),
    format: values.format,
    withRoutine: values.withRoutine,
  })}`;
  const fieldErrors = count.status === "error" ? (count.fieldErrors ?? {}) : {};

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
        ) : count.status === "error" ? (
          <Alert tone="error" title="The examples could not be counted" testId="export-count-error">
            {count.message}
          </Alert>
        ) : count.count === 0 ? (
          <EmptyState icon={FileX2} title="No runs match this filter" testId="export-empty">
            <p>
              Only runs that succeeded (or, for test cases, runs whose case passed) become training examples. Widen the
              filter, or run the routine first.
            </p>
          </EmptyState>
        ) : (
          <div className="flex flex-wrap items-center gap-4">
            <p className="text-sm text-foreground">
              <span className="text-2xl font-semibold tabular-nums" data-testid="export-count">
                {count.count}
              </span>{" "}
              {count.count === 1 ? "example" : "examples"}, one JSON line each.
            </p>
            {/* A plain link: the browser streams the file to disk instead of the page holding it in memory. */}
            <a href={href} download className={buttonClasses("primary")} data-testid="export-download">
              <Download className="size-4" aria-hidden="true" />
              Download JSONL
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
