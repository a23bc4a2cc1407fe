import type { ErrorBreakdown, ErrorKindView } from "@/components/evals/results/error-chart";
import type { LiftView } from "@/components/evals/results/lift-panel";
import type { ScoreCardView } from "@/components/evals/results/score-cards";
import { ERROR_KIND_LABELS, ERROR_KINDS } from "@/lib/evaluations/scoring";
import type { EvalRunReport } from "@/lib/evaluations/operations";

// The suite report as the results page's components take it: every figure with its counts, every configuration by
// its name ("#2 v1 · Agent · …"), the error kinds in the checker's one order.

/** The error kinds, most severe first, for the chart's legend, its stack and its table alike. */
export const ERROR_KIND_VIEWS: ErrorKindView[] = ERROR_KINDS.map((key) => ({ key, label: ERROR_KIND_LABELS[key] }));

const named = (labels: string[], index: number) => `#${index + 1} ${labels[index] ?? ""}`;

export function scoreCardsOf(report: EvalRunReport, labels: string[]): ScoreCardView[] {
  return report.configurations.map((config, index) => ({
    index,
    label: named(labels, index),
    trials: report.trials,
    accuracy: config.score.accuracy,
    passed: config.score.passed,
    cases: config.score.cases,
    allPassed: config.passK.casesAllPassed,
    casesJudged: config.passK.cases,
    callAccuracy: config.score.callAccuracy,
    callsPassed: config.score.callsPassed,
    calls: config.score.calls,
    errored: config.score.errored,
    skipped: config.score.skipped,
    previousAccuracy: config.previous && config.previous.cases > 0 ? config.previous.accuracy : null,
  }));
}

export function liftsOf(report: EvalRunReport, labels: string[]): LiftView[] {
  return report.lifts.map((entry) => ({
    subject: named(labels, entry.subject),
    reference: named(labels, entry.reference),
    lift: entry.lift,
  }));
}

export function errorRowsOf(report: EvalRunReport, labels: string[]): ErrorBreakdown[] {
  return report.configurations.map((config, index) => ({
    index,
    label: labels[index] ?? "",
    counts: { ...config.score.errors },
    errored: config.score.errored,
  }));
}
