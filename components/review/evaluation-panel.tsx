import { AlertTriangle, FlaskConical } from "lucide-react";
import Link from "next/link";
import { Badge, cn } from "@/components/ui";
import type { VersionEvaluation } from "@/lib/db/reviews";
import { formatAccuracy, type GateRow, type GateScore, lowerSuitesText } from "@/lib/review-rules";

const linkClasses =
  "rounded font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring";

function suiteUrl(routineId: string, suiteId: string) {
  return `/evaluations/${encodeURIComponent(routineId)}/suites/${encodeURIComponent(suiteId)}`;
}

/** One side of a row: "v3 60.0% (3/5)", or that the version has no result on the suite. */
function Score({ label, score, testId }: { label: string; score: GateScore | null; testId: string }) {
  return (
    <span className="whitespace-nowrap" data-testid={testId} data-accuracy={score?.accuracy}>
      <span className="text-muted">{label} </span>
      {score ? (
        <>
          <span className="font-semibold tabular-nums text-foreground">{formatAccuracy(score.accuracy)}</span>
          <span className="text-muted tabular-nums">
            {" "}
            ({score.passed}/{score.cases})
          </span>
        </>
      ) : (
        <span className="text-muted">not run</span>
      )}
    </span>
  );
}

function SuiteRow({ row, routineId, evaluation }: { row: GateRow; routineId: string; evaluation: VersionEvaluation }) {
  const { version, published } = evaluation;
  const showPublished = published !== null && published.id !== version.id;
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs"
      data-testid="evaluation-suite"
      data-suite-id={row.suiteId}
      data-lower={row.lower ? "true" : "false"}
    >
      <Link href={suiteUrl(routineId, row.suiteId)} prefetch={false} className={linkClasses}>
        {row.suiteName}
      </Link>
      <Score label={`v${version.number}`} score={row.candidate} testId="evaluation-candidate" />
      {showPublished ? (
        <Score label={`published v${published.number}`} score={row.published} testId="evaluation-published" />
      ) : null}
      {row.lower ? (
        <Badge tone="warning" data-testid="evaluation-lower">
          <AlertTriangle className="mr-1 size-3" aria-hidden="true" /> scores lower
        </Badge>
      ) : null}
      {showPublished && row.candidate && row.published ? (
        // Why this suite passes or blocks, under the gate's rule (point figures or the paired interval).
        <span className="basis-full text-muted" data-testid="evaluation-reason">
          {row.reason}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The review screen's evaluation strip: per suite, this version's latest accuracy beside the published version's,
 * each suite linking to its results, and a warning when this version scores lower (publishing then needs a
 * reviewer's override). `evaluation` null with `error`: the scores could not be read; the rest of the review works.
 */
export function EvaluationPanel({
  evaluation,
  error = null,
  routineId,
}: {
  evaluation: VersionEvaluation | null;
  error?: string | null;
  routineId: string;
}) {
  const rows = evaluation?.gate.rows ?? [];
  const blocked = evaluation?.gate.blocked ?? false;
  return (
    <section
      aria-label="Evaluation"
      className={cn("shrink-0 border-b border-border px-3 py-2", blocked ? "bg-warning-soft" : "bg-surface")}
      data-testid="evaluation-panel"
      data-blocked={blocked ? "true" : "false"}
    >
      <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
        <h2 className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
          <FlaskConical className="size-3.5" aria-hidden="true" /> Evaluation
        </h2>
        {!evaluation ? (
          <p className="text-xs text-danger" role="alert" data-testid="evaluation-error">
            The evaluation scores could not be read{error ? `: ${error}` : "."} Publishing still checks them.
          </p>
        ) : rows.length === 0 ? (
          <p className="text-xs text-muted" data-testid="evaluation-empty">
            No evaluation suite has scored this version
            {evaluation.published && evaluation.published.id !== evaluation.version.id
              ? ` or the published v${evaluation.published.number}`
              : ""}{" "}
            yet.{" "}
            <Link href={`/evaluations/${encodeURIComponent(routineId)}`} prefetch={false} className={linkClasses}>
              Run a suite
            </Link>
          </p>
        ) : (
          <ul className="min-w-0 flex-1 space-y-1" data-testid="evaluation-suites">
            {rows.map((row) => (
              <SuiteRow key={row.suiteId} row={row} routineId={routineId} evaluation={evaluation} />
            ))}
          </ul>
        )}
      </div>
      {blocked && evaluation ? (
        <p
          className="mt-1 flex gap-1.5 text-xs font-medium text-foreground"
          role="status"
          data-testid="evaluation-warning"
        >
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />
          <span>
            v{evaluation.version.number} scores lower than the published v{evaluation.published?.number} on{" "}
            {lowerSuitesText(evaluation.gate)}
            {evaluation.gate.rule === "interval" ? ", distinguishably (its 95% interval lies below zero)" : ""}.
            Publishing it needs a reviewer&apos;s override with a reason, which is audited.
          </span>
        </p>
      ) : null}
    </section>
  );
}
