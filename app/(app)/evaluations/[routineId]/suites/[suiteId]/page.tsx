import { FlaskConical } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ModelNotice } from "@/components/evals/model-notice";
import { ErrorChart } from "@/components/evals/results/error-chart";
import { EvalProgress } from "@/components/evals/results/eval-progress";
import { LiftPanel } from "@/components/evals/results/lift-panel";
import { ResultDetail } from "@/components/evals/results/result-detail";
import { ResultsTable } from "@/components/evals/results/results-table";
import { ScoreCards } from "@/components/evals/results/score-cards";
import { DeleteSuiteButton, RunSuiteButton } from "@/components/evals/suites/suite-buttons";
import { configurationLabel } from "@/components/evals/suites/suite-modes";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, ButtonLink, Card, CardBody, CardHeader, EmptyState } from "@/components/ui";
import { hasAnyRole, WRITER_ROLES } from "@/lib/access";
import { loadOrError } from "@/lib/actions";
import { NotFoundError } from "@/lib/db/core";
import { getSuite } from "@/lib/db/evals";
import {
  getEvalResult,
  getEvalRunProgress,
  getEvalRunReport,
  isEvalRunActive,
  listEvalResults,
  listEvalRuns,
} from "@/lib/evaluations/operations";
import { sectionAccess } from "@/lib/session";
import { cancelSuiteRunAction, deleteSuiteAction, readProgressAction, startSuiteAction } from "../actions";
import { ERROR_KIND_VIEWS, errorRowsOf, liftsOf, scoreCardsOf } from "./report-views";
import { RunPicker } from "./run-picker";

export const metadata: Metadata = { title: "Suite results" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value.slice(0, 100) : "");
const PAGE_SIZE = 50;

/** A suite's results: the chosen run (latest by default), its scores per configuration, errors, cases, drill-down. */
export default async function SuiteResultsPage({
  params,
  searchParams,
}: {
  params: Promise<{ routineId: string; suiteId: string }>;
  searchParams: SearchParams;
}) {
  const { viewer, allowed } = await sectionAccess("evaluations");
  if (!allowed) return <AccessDenied sectionId="evaluations" viewer={viewer} />;
  const { routineId, suiteId } = await params;
  const query = await searchParams;
  const failedOnly = one(query.failed) === "1";
  const page = Math.max(1, Number.parseInt(one(query.page) || "1", 10) || 1);
  const resultId = one(query.result) || null;

  const loaded = await loadOrError(async () => {
    try {
      const suite = await getSuite(viewer, suiteId);
      if (suite.routineId !== routineId) return null;
      const runs = await listEvalRuns(viewer, suiteId);
      const run = runs.find((candidate) => candidate.id === one(query.run)) ?? runs[0] ?? null;
      if (!run) return { suite, runs, run: null };
      const [progress, report, results, detail] = await Promise.all([
        getEvalRunProgress(viewer, run.id),
        getEvalRunReport(viewer, run.id),
        listEvalResults(viewer, { evalRunId: run.id, page, pageSize: PAGE_SIZE, failedOnly }),
        resultId ? getEvalResult(viewer, resultId).catch(() => null) : Promise.resolve(null),
      ]);
      return { suite, runs, run: { progress, report, results, detail: detail?.evalRunId === run.id ? detail : null } };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  });
  if (loaded.error !== null)
    return (
      <Alert tone="error" title="The suite's results could not be loaded" testId="suite-results-error">
        {loaded.error}
      </Alert>
    );
  if (!loaded.data) notFound();
  const { suite, runs, run } = loaded.data;
  const canWrite = hasAnyRole(viewer.roles, WRITER_ROLES);
  const active = runs.some((candidate) => isEvalRunActive(candidate.status));
  const base = `/evaluations/${routineId}/suites/${suiteId}`;

  const header = (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold" data-testid="suite-title">
          {suite.name}
        </h2>
        <p className="text-sm text-muted">
          {suite.configurations.length} configuration{suite.configurations.length === 1 ? "" : "s"} ·{" "}
          {suite.concurrency} case{suite.concurrency === 1 ? "" : "s"} at once
          {suite.trials > 1 ? ` · ${suite.trials} trials per case` : ""}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        {canWrite ? (
          <>
            <ButtonLink href={`${base}/edit`} variant="secondary" data-testid="suite-edit">
              Edit
            </ButtonLink>
            <DeleteSuiteButton routineId={routineId} suiteId={suiteId} name={suite.name} action={deleteSuiteAction} />
          </>
        ) : null}
        <RunSuiteButton routineId={routineId} suiteId={suiteId} disabled={active} action={startSuiteAction} />
      </div>
      <ModelNotice
        canConfigure={viewer.roles.includes("admin")}
        modes={suite.configurations.map((config) => config.mode)}
        className="basis-full"
      />
    </div>
  );

  if (!run)
    return (
      <div className="space-y-4" data-testid="suite-results">
        {header}
        <EmptyState icon={FlaskConical} title="This suite has not run yet" testId="suite-never-run">
          Run it to score every active case under each configuration. It runs in the background; you can leave this
          page.
        </EmptyState>
      </div>
    );

  const { progress, report, results, detail } = run;
  const labels = report.configurations.map((config) =>
    configurationLabel({
      ...config.configuration,
      versionNumber: config.versionNumber,
      contextMode: config.configuration.context?.mode ?? config.configuration.contextMode,
    }),
  );
  const hrefFor = (patch: { page?: number; failed?: boolean; result?: string | null }) => {
    const search = new URLSearchParams({ run: progress.id });
    const failed = patch.failed ?? failedOnly;
    if (failed) search.set("failed", "1");
    const target = patch.page ?? page;
    if (target > 1) search.set("page", String(target));
    const result = patch.result === undefined ? resultId : patch.result;
    if (result) search.set("result", result);
    return `${base}?${search.toString()}`;
  };

  return (
    <div className="space-y-6" data-testid="suite-results">
      {header}
      <RunPicker
        action={base}
        selected={progress.id}
        runs={runs.map((candidate) => ({
          id: candidate.id,
          label: `${candidate.createdAt.toLocaleString("en-GB")} · ${candidate.status}${candidate.startedBy ? ` · ${candidate.startedBy}` : ""}`,
        }))}
      />
      <EvalProgress
        key={progress.id}
        evalRunId={progress.id}
        initial={{
          status: progress.status,
          total: progress.total,
          done: progress.done,
          cancelRequested: progress.cancelRequested,
        }}
        canCancel
        read={readProgressAction}
        cancel={cancelSuiteRunAction}
      />
      {progress.status === "cancelled" ? (
        <Alert tone="warning" testId="suite-run-cancelled">
          This run was cancelled: the figures count the cases judged before it stopped.
        </Alert>
      ) : null}
      {progress.error ? <Alert tone="error">{progress.error}</Alert> : null}

      <section aria-labelledby="scores-title" className="space-y-3">
        <h3 id="scores-title" className="text-base font-semibold">
          Accuracy per configuration
        </h3>
        <ScoreCards scores={scoreCardsOf(report, labels)} />
      </section>

      <Card>
        <CardHeader
          title="Lift"
          description="The difference in accuracy on the same cases, with its 95% interval: does the routine make a difference you can rely on?"
        />
        <CardBody>
          <LiftPanel lifts={liftsOf(report, labels)} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Errors by kind" description="Failed cases by their headline error, per configuration." />
        <CardBody>
          <ErrorChart rows={errorRowsOf(report, labels)} kinds={ERROR_KIND_VIEWS} />
        </CardBody>
      </Card>

      {detail ? (
        <ResultDetail
          closeHref={hrefFor({ result: null })}
          result={{
            id: detail.id,
            caseName: detail.caseName,
            request: detail.request,
            configurationLabel: `#${detail.configIndex + 1} ${labels[detail.configIndex] ?? ""}`,
            trial: detail.trials > 1 ? `Trial ${detail.trial + 1} of ${detail.trials}` : null,
            strict: detail.strict,
            outcome: detail.outcome,
            status: detail.status,
            error: detail.error,
            runId: detail.runId,
            expectedCalls: detail.expectedCalls,
            actualCalls: detail.actualCalls,
            verdict: detail.verdict,
            durationMs: detail.durationMs,
            tokens: detail.inputTokens + detail.outputTokens,
          }}
        />
      ) : null}

      <Card>
        <CardHeader title="Cases" description="Open a result to compare the expected calls with the run's." />
        <CardBody>
          <ResultsTable
            rows={results.rows}
            columns={labels}
            total={results.total}
            page={results.page}
            pageSize={results.pageSize}
            failedOnly={failedOnly}
            hrefFor={hrefFor}
            selectedResultId={detail?.id ?? null}
          />
        </CardBody>
      </Card>
    </div>
  );
}
