import { ExternalLink } from "lucide-react";
import Link from "next/link";
import { Alert, Badge, Card, CardBody, CardHeader, cn } from "@/components/ui";
import type { ActualCall, CallCheck, CaseVerdict, ExpectedCall } from "@/lib/evaluations/scoring";
import { AnswerOriginBadge, AnswerOriginLegend } from "./answer-origin";
import { outcomeText } from "@/lib/evaluations/scoring";
import type { OutcomeView } from "./result-trials";

export type ResultDetailView = {
  id: string;
  caseName: string;
  request: string;
  configurationLabel: string;
  /** "Trial 2 of 3" when the suite runs each case several times. */
  trial?: string | null;
  strict?: boolean;
  outcome?: (OutcomeView & { runError: string | null }) | null;
  status: string;
  error: string | null;
  runId: string | null;
  expectedCalls: ExpectedCall[];
  actualCalls: ActualCall[];
  verdict: CaseVerdict | null;
  durationMs: number;
  tokens: number;
};

const show = (value: unknown) => (typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value));

function ExpectedSide({ call, bad }: { call: ExpectedCall | null; bad: Set<string> }) {
  if (!call) return <p className="text-sm text-muted italic">No call expected here.</p>;
  return (
    <div className="space-y-1">
      <p className={cn("font-mono text-sm font-semibold", bad.has("$tool") && "text-danger")}>{call.tool}</p>
      <ul className="space-y-0.5 font-mono text-xs">
        {Object.entries(call.arguments).map(([name, argument]) => (
          <li key={name} className={cn(bad.has(name) && "rounded bg-danger-soft px-1 text-danger")}>
            {name}: {argument.accepted.length > 0 ? argument.accepted.map(show).join(" | ") : "any value"}
            {argument.optional ? <span className="text-muted"> (optional)</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ActualSide({ call, bad }: { call: ActualCall | null; bad: Set<string> }) {
  if (!call) return <p className="text-sm text-danger italic">The run made no call here.</p>;
  return (
    <div className="space-y-1">
      <p className={cn("font-mono text-sm font-semibold", bad.has("$tool") && "text-danger")}>{call.tool}</p>
      <ul className="space-y-0.5 font-mono text-xs">
        {Object.entries(call.arguments).map(([name, value]) => (
          <li key={name} className={cn(bad.has(name) && "rounded bg-danger-soft px-1 text-danger")}>
            {name}: {show(value)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CallRow({ check }: { check: CallCheck }) {
  const bad = new Set(check.errors.map((error) => error.parameter ?? "$tool"));
  return (
    <li
      className={cn("rounded-lg border p-3", check.passed ? "border-border" : "border-danger/50")}
      data-testid={`drill-call-${check.passed ? "passed" : "failed"}`}
    >
      <div className="mb-2 flex items-center gap-2 text-xs text-muted">
        Call {check.index + 1}
        <Badge tone={check.passed ? "success" : "danger"}>{check.passed ? "correct" : "wrong"}</Badge>
        {check.actual?.origin ? <AnswerOriginBadge origin={check.actual.origin} /> : null}
        {check.expected?.group ? (
          <Badge title="One of a group of calls the case accepts in any order" data-testid="drill-call-any-order">
            any order
          </Badge>
        ) : null}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <p className="mb-1 text-xs font-medium uppercase tracking-wide text-muted">Expected</p>
          <ExpectedSide call={check.expected} bad={bad} />
        </div>
        <div>
          <p className="mb-1 text-xs font-medium uppercase tracking-wide text-muted">Actual</p>
          <ActualSide call={check.actual} bad={bad} />
        </div>
      </div>
      {check.errors.length > 0 ? (
        <ul className="mt-2 space-y-0.5 text-sm text-danger" data-testid="drill-call-errors">
          {check.errors.map((error, index) => (
            <li key={index}>
              <span className="font-medium">{error.kind.replace("_", " ")}</span> ({error.subKind.replaceAll("_", " ")}
              ): {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** One result opened: expected vs actual calls side by side, the checker's errors marked, and the run's link. */
export function ResultDetail({ result, closeHref }: { result: ResultDetailView; closeHref: string }) {
  const checks: CallCheck[] =
    result.verdict?.calls ??
    Array.from({ length: Math.max(result.expectedCalls.length, result.actualCalls.length) }, (_, index) => ({
      index,
      expected: result.expectedCalls[index] ?? null,
      actual: result.actualCalls[index] ?? null,
      passed: true,
      errors: [],
    }));
  const pathError = result.verdict?.errors.find((error) => error.subKind === "wrong_path");
  return (
    <Card data-testid="result-detail" aria-labelledby="result-detail-title">
      <CardHeader
        title={<span id="result-detail-title">{result.caseName}</span>}
        description={result.trial ? `${result.configurationLabel} · ${result.trial}` : result.configurationLabel}
        actions={
          <div className="flex items-center gap-3 text-sm">
            {result.runId ? (
              <Link
                href={`/runs/${result.runId}`}
                className="inline-flex items-center gap-1 text-accent hover:underline"
                data-testid="result-run-link"
              >
                Open the run on its canvas <ExternalLink className="size-3.5" aria-hidden="true" />
              </Link>
            ) : null}
            <Link
              href={closeHref}
              scroll={false}
              className="text-muted hover:text-foreground"
              data-testid="result-close"
            >
              Close
            </Link>
          </div>
        }
      />
      <CardBody className="space-y-3">
        <p className="text-sm">
          <Badge tone={result.status === "passed" ? "success" : result.status === "failed" ? "danger" : "neutral"}>
            {result.status}
          </Badge>{" "}
          <span className="text-muted">
            {Math.round(result.durationMs / 100) / 10} s · {result.tokens} tokens
          </span>
        </p>
        <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm whitespace-pre-wrap">{result.request}</p>
        {result.outcome ? (
          <div className="text-sm" data-testid="result-detail-outcome">
            <span className="text-muted">Outcome: </span>
            <span className={result.outcome.ok ? undefined : "font-medium text-warning"}>
              {outcomeText(result.outcome)}
            </span>
            <span className="text-muted">
              {result.strict
                ? " · strict case: it passes only with right calls and this outcome clean"
                : " · not strict: the verdict judges the calls only"}
            </span>
            {result.outcome.toolErrors.length > 0 ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-warning">
                {result.outcome.toolErrors.map((error) => (
                  <li key={error.call}>
                    Call {error.call} ({error.tool}): {error.error}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {result.error ? (
          <Alert tone={result.status === "error" ? "error" : "info"} testId="result-error">
            {result.error}
          </Alert>
        ) : null}
        {pathError ? <Alert tone="warning">{pathError.message}</Alert> : null}
        {checks.length === 0 ? (
          <p className="text-sm text-muted">The case expects no call, and the run made none.</p>
        ) : (
          <ol className="space-y-2" data-testid="drill-calls">
            {checks.map((check) => (
              <CallRow key={check.index} check={check} />
            ))}
          </ol>
        )}
        {checks.some((check) => check.actual?.origin) ? <AnswerOriginLegend /> : null}
      </CardBody>
    </Card>
  );
}
