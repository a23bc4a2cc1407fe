import { z } from "zod";

// The publish gate (issue #13): a version that scores lower than the published one on the same evaluation suite
// needs a reviewer's override with a reason. Pure: lib/db reads the scores and enforces the verdict, the review
// screen shows the same rows.

/** A version's latest result on one suite, as lib/db/evals reads it (only the figures the gate needs). */
export type SuiteVersionScore = {
  evalRunId: string;
  finishedAt: Date;
  score: { accuracy: number; cases: number; passed: number };
};

/** One suite and the latest result of each version that has one (keyed by version id). */
export type SuiteScores = {
  suiteId: string;
  suiteName: string;
  byVersion: Record<string, SuiteVersionScore | undefined>;
};

/** One side of a gate row: the accuracy (0..1) over `cases` cases, and the suite run it comes from. */
export type GateScore = { accuracy: number; cases: number; passed: number; evalRunId: string; finishedAt: Date };

/** A suite as the gate compares it: the candidate's score beside the published version's. */
export type GateRow = {
  suiteId: string;
  suiteName: string;
  candidate: GateScore | null;
  published: GateScore | null;
  /** Both have a score and the candidate's accuracy is lower. */
  lower: boolean;
};

/** The gate's verdict: `blocked` when some row is lower; rows for every suite either version has a score on. */
export type PublishGate = { blocked: boolean; rows: GateRow[] };

/** The shortest and longest override reason, in characters after trimming. */
export const OVERRIDE_REASON_MIN = 10;
export const OVERRIDE_REASON_MAX = 1000;

/** The reason a reviewer gives for publishing a version that scores lower. */
export const overrideReasonSchema = z
  .string({ message: "Give the reason for publishing anyway." })
  .trim()
  .min(OVERRIDE_REASON_MIN, `Give a reason of at least ${OVERRIDE_REASON_MIN} characters.`)
  .max(OVERRIDE_REASON_MAX, `Use at most ${OVERRIDE_REASON_MAX} characters.`);

// Accuracies are ratios of small integers; a difference below this is rounding, not a lower score.
const EPSILON = 1e-9;

function side(entry: SuiteVersionScore | undefined): GateScore | null {
  // A result over no cases says nothing about the version (every case skipped or none ran yet).
  if (!entry || entry.score.cases <= 0 || !Number.isFinite(entry.score.accuracy)) return null;
  const { accuracy, cases, passed } = entry.score;
  return { accuracy, cases, passed, evalRunId: entry.evalRunId, finishedAt: entry.finishedAt };
}

/**
 * Compares the candidate version with the published one (null when nothing is published) suite by suite.
 * Blocked when on some suite both versions have a score and the candidate's accuracy is lower; a suite only one
 * of them ran on is shown but never blocks, nor does equal or higher accuracy.
 */
export function publishGate(
  candidateVersionId: string,
  publishedVersionId: string | null,
  suites: readonly SuiteScores[],
): PublishGate {
  const rows: GateRow[] = [];
  for (const suite of suites) {
    const candidate = side(suite.byVersion[candidateVersionId]);
    const published = publishedVersionId === null ? null : side(suite.byVersion[publishedVersionId]);
    if (!candidate && !published) continue;
    const lower =
      publishedVersionId !== candidateVersionId &&
      candidate !== null &&
      published !== null &&
      candidate.accuracy < published.accuracy - EPSILON;
    rows.push({ suiteId: suite.suiteId, suiteName: suite.suiteName, candidate, published, lower });
  }
  return { blocked: rows.some((row) => row.lower), rows };
}

/** An accuracy as a percentage with one decimal: 0.8333 → "83.3%". */
export function formatAccuracy(accuracy: number): string {
  return `${(Math.round(accuracy * 1000) / 10).toFixed(1)}%`;
}

/** The suites a blocked gate names, with both scores: `“Smoke” (60.0% vs 80.0%)`. */
export function lowerSuitesText(gate: PublishGate): string {
  const parts = gate.rows
    .filter((row) => row.lower)
    .map(
      (row) =>
        `“${row.suiteName}” (${formatAccuracy(row.candidate!.accuracy)} vs ${formatAccuracy(row.published!.accuracy)})`,
    );
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** Why a blocked gate refuses a publication without an override, naming the suites and both scores. */
export function gateRefusal(gate: PublishGate, numbers: { candidate: number; published: number | null }): string {
  const published = numbers.published === null ? "the published version" : `the published version ${numbers.published}`;
  return (
    `Version ${numbers.candidate} scores lower than ${published} on ${lowerSuitesText(gate)}. ` +
    "Publishing it anyway needs an override with a reason."
  );
}
