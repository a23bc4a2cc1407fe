import Link from "next/link";
import { Badge } from "@/components/ui";
import { outcomeText } from "@/lib/evaluations/scoring";
import { AnswerCounts, type AnswerOrigin } from "./answer-origin";

/** A tool's outcome as the table shows it (lib/evaluations CaseOutcome). */
export type OutcomeView = {
  ok: boolean;
  toolErrors: Array<{ call: number; tool: string; error: string }>;
  runStatus: string;
};

export type TrialView = {
  resultId: string;
  trial: number;
  status: string;
  headline: string | null;
  /** How its calls were answered: live, from a pin, or simulated by the evaluation sandbox. */
  answers?: Record<AnswerOrigin, number>;
  outcome: OutcomeView | null;
};

export const STATUS_TONE: Record<string, "neutral" | "accent" | "success" | "warning" | "danger"> = {
  passed: "success",
  failed: "danger",
  error: "warning",
  skipped: "neutral",
  pending: "neutral",
  running: "accent",
};

type Props = {
  caseName: string;
  configuration: number;
  trials: TrialView[];
  hrefFor: (patch: { result?: string | null }) => string;
  selectedResultId: string | null;
};

/**
 * The call verdict of a case under one configuration: one badge per trial (each opens its result), and with more
 * than one trial how many passed ("2/3").
 */
export function TrialVerdicts({ caseName, configuration, trials, hrefFor, selectedResultId }: Props) {
  const several = trials.length > 1;
  const judged = trials.filter((trial) => trial.status !== "skipped" && trial.status !== "pending");
  const passed = trials.filter((trial) => trial.status === "passed").length;
  return (
    <div className="flex flex-wrap items-center gap-1">
      {trials.map((trial) => {
        const name = several ? `trial ${trial.trial + 1}: ` : "";
        return (
          <Link
            key={trial.resultId}
            href={hrefFor({ result: trial.resultId })}
            scroll={false}
            title={trial.headline ?? undefined}
            aria-label={`${caseName}, configuration ${configuration + 1}, ${name}${trial.status}${trial.headline ? ` — ${trial.headline}` : ""}`}
            aria-current={selectedResultId === trial.resultId ? "true" : undefined}
            data-testid={`result-cell-${trial.status}`}
            className="rounded focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Badge
              tone={STATUS_TONE[trial.status] ?? "neutral"}
              className={selectedResultId === trial.resultId ? "ring-2 ring-ring" : undefined}
            >
              {several ? `${trial.trial + 1}: ` : ""}
              {trial.status}
            </Badge>
          </Link>
        );
      })}
      {several ? (
        <span className="text-xs text-muted tabular-nums" data-testid="result-trials-passed">
          {passed}/{judged.length} passed
        </span>
      ) : null}
      {trials.length === 1 ? <AnswerCounts answers={trials[0]!.answers} /> : null}
    </div>
  );
}

/**
 * The outcome beside the verdict: whether every tool answered without an error and how the run ended, per trial;
 * the errors themselves on hover and in the result's detail.
 */
export function TrialOutcomes({ trials }: { trials: TrialView[] }) {
  const shown = trials.filter((trial) => trial.outcome !== null);
  if (shown.length === 0) return <span className="text-muted">—</span>;
  const several = trials.length > 1;
  return (
    <ul className="space-y-0.5 text-xs" data-testid="result-outcome">
      {shown.map((trial) => {
        const outcome = trial.outcome!;
        const detail = outcome.toolErrors.map((error) => `Call ${error.call} (${error.tool}): ${error.error}`);
        return (
          <li
            key={trial.resultId}
            title={detail.join("\n") || undefined}
            className={outcome.ok ? "text-muted" : "font-medium text-warning"}
            data-testid={outcome.ok ? "result-outcome-ok" : "result-outcome-error"}
          >
            {several ? `${trial.trial + 1}: ` : ""}
            {outcomeText(outcome)}
          </li>
        );
      })}
    </ul>
  );
}
