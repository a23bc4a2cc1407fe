import type { CaseVerdict } from "./check-case";
import { ERROR_KINDS, ERROR_SUB_KINDS, type ErrorKind, type ErrorSubKind } from "./check-call";

/**
 * A configuration's figures from its case results: case accuracy (the paper's measure), call accuracy, and the
 * failed cases counted by their headline error.
 */

/** How a case ended in a suite: judged (passed, failed), could not be judged (error), or not run (skipped). */
export type ResultStatus = "passed" | "failed" | "error" | "skipped";

export type ConfigurationScore = {
  /** Judged cases: passed + failed + error. */
  cases: number;
  passed: number;
  /** 0..1, passed / cases; 0 when no cases. */
  accuracy: number;
  /** Rows of the verdicts' `calls`: expected calls, plus extra calls the runs made. */
  calls: number;
  callsPassed: number;
  callAccuracy: number;
  errored: number;
  skipped: number;
  /** Failed cases by their primary error's kind. */
  errors: Record<ErrorKind, number>;
  /** Failed cases by their primary error's sub-kind. */
  subKinds: Record<ErrorSubKind, number>;
};

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

/**
 * Scores a configuration. A case that errored (the model or a tool failed, so it could not be judged) counts
 * against accuracy but in `errored`, not under an error kind; a skipped case counts nowhere but `skipped`.
 */
export function scoreResults(
  results: ReadonlyArray<{ status: ResultStatus; verdict: CaseVerdict | null }>,
): ConfigurationScore {
  const score: ConfigurationScore = {
    cases: 0,
    passed: 0,
    accuracy: 0,
    calls: 0,
    callsPassed: 0,
    callAccuracy: 0,
    errored: 0,
    skipped: 0,
    errors: zeros(ERROR_KINDS),
    subKinds: zeros(ERROR_SUB_KINDS),
  };
  for (const { status, verdict } of results) {
    if (status === "skipped") {
      score.skipped++;
      continue;
    }
    score.cases++;
    if (status === "passed") score.passed++;
    if (status === "error") score.errored++;
    if (!verdict) continue;
    score.calls += verdict.calls.length;
    score.callsPassed += verdict.calls.filter((call) => call.passed).length;
    if (status === "failed" && verdict.primary) {
      score.errors[verdict.primary.kind]++;
      score.subKinds[verdict.primary.subKind]++;
    }
  }
  score.accuracy = score.cases === 0 ? 0 : score.passed / score.cases;
  score.callAccuracy = score.calls === 0 ? 0 : score.callsPassed / score.calls;
  return score;
}
