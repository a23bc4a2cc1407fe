import { z } from "zod";
import { pairedLift, type Lift, type TrialOutcome } from "../evaluations/scoring";

// The publish gate (issue #13): a version that scores lower than the published one on the same evaluation suite
// needs a reviewer's override with a reason. Pure: lib/db reads the scores and enforces the verdict, the review
// screen shows the same rows.

/** A version's latest result on one suite, as lib/db/evals reads it (only the figures the gate needs). */
export type SuiteVersionScore = {
  evalRunId: string;
  finishedAt: Date;
  score: { accuracy: number; cases: number; passed: number };
  /** Each judged trial by case, so the gate can pair the two versions case by case (the interval rule). */
  outcomes?: TrialOutcome[];
};

/**
 * How the gate judges "lower" (an admin's setting): `point` — any lower accuracy blocks; `interval` — only a
 * difference distinguishable from zero blocks (the paired 95% interval of candidate − published lies below zero and
 * the exact test agrees), so noise over a few cases does not block and a real drop still does.
 */
export const PUBLISH_GATE_RULES = ["point", "interval"] as const;
export type PublishGateRule = (typeof PUBLISH_GATE_RULES)[number];

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
  /** Both have a score and the candidate is lower by the gate's rule. */
  lower: boolean;
  /** Candidate − published on the cases both judged, with its interval; null when they share no judged case. */
  lift: Lift | null;
  /** Why the row passes or blocks, in one sentence. */
  reason: string;
};

/** The gate's verdict: `blocked` when some row is lower; rows for every suite either version has a score on. */
export type PublishGate = { blocked: boolean; rule: PublishGateRule; rows: GateRow[] };

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

/** Whether a row is lower under `rule`, and why it passes or blocks. */
function judgeRow(
  rule: PublishGateRule,
  candidate: GateScore | null,
  published: GateScore | null,
  lift: Lift | null,
): { lower: boolean; reason: string } {
  if (!candidate || !published)
    return { lower: false, reason: "Only one of the two versions has a score on this suite: it does not block." };
  const figures = `${formatAccuracy(candidate.accuracy)} vs ${formatAccuracy(published.accuracy)}`;
  const pointLower = candidate.accuracy < published.accuracy - EPSILON;
  if (rule === "point")
    return pointLower
      ? { lower: true, reason: `Lower accuracy (${figures}): the gate compares point figures.` }
      : { lower: false, reason: `No lower accuracy (${figures}).` };
  if (!lift)
    return pointLower
      ? { lower: true, reason: `Lower accuracy (${figures}) and no case both versions ran: compared on point figures.` }
      : { lower: false, reason: `No lower accuracy (${figures}); no case both versions ran to pair.` };
  if (lift.verdict === "worse") return { lower: true, reason: `Distinguishably worse: ${lift.summary}` };
  return { lower: false, reason: `Not distinguishably worse: ${lift.summary}` };
}

/**
 * Compares the candidate version with the published one (null when nothing is published) suite by suite.
 * Blocked when on some suite both versions have a score and the candidate is lower by the rule (`point`: any lower
 * accuracy; `interval`: a paired difference distinguishable from zero); a suite only one of them ran on is shown
 * but never blocks, nor does equal or higher accuracy. Each row says why.
 */
export function publishGate(
  candidateVersionId: string,
  publishedVersionId: string | null,
  suites: readonly SuiteScores[],
  rule: PublishGateRule = "point",
): PublishGate {
  const rows: GateRow[] = [];
  for (const suite of suites) {
    const candidateEntry = suite.byVersion[candidateVersionId];
    const publishedEntry = publishedVersionId === null ? undefined : suite.byVersion[publishedVersionId];
    const candidate = side(candidateEntry);
    const published = publishedVersionId === null ? null : side(publishedEntry);
    if (!candidate && !published) continue;
    const compared = publishedVersionId !== candidateVersionId && candidate !== null && published !== null;
    const lift = compared
      ? pairedLift(candidateEntry?.outcomes ?? [], publishedEntry?.outcomes ?? [], { seed: suite.suiteId })
      : null;
    const { lower, reason } = compared
      ? judgeRow(rule, candidate, published, lift)
      : judgeRow(rule, candidate, null, null);
    rows.push({ suiteId: suite.suiteId, suiteName: suite.suiteName, candidate, published, lower, lift, reason });
  }
  return { blocked: rows.some((row) => row.lower), rule, rows };
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
