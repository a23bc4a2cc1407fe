import {
  bootstrapMeanInterval,
  hashSeed,
  mcnemarExactP,
  mulberry32,
  newcombePairedInterval,
  type PairedCounts,
} from "./paired-interval";

/**
 * A configuration's accuracy over repeated trials (pass@1, pass^k) and its lift over another configuration on the same
 * cases, with a 95% interval (decision 0043): Newcombe's hybrid score interval and McNemar's exact test when each case
 * ran once per side, a seeded paired bootstrap over cases when cases ran several times.
 */

/** One trial of one case under one configuration; passed null = not judged (skipped) and ignored. An errored run counts as not passed (it counts against accuracy). */
export type TrialOutcome = { caseId: string; trial: number; passed: boolean | null };

/** A stored result's trial as pass^k and the lift read it: an errored run is not passed, a skipped one not judged. */
export function trialOutcomeOf(result: { caseId: string; trial: number; status: string }): TrialOutcome {
  return {
    caseId: result.caseId,
    trial: result.trial,
    passed: result.status === "skipped" ? null : result.status === "passed",
  };
}

export type PassK = {
  /** Cases with at least one judged trial. */
  cases: number;
  /** k: the most judged trials any case has. */
  trials: number;
  trialsJudged: number;
  trialsPassed: number;
  /** Mean over judged trials (0..1), 0 when none. */
  passAt1: number;
  /**
   * Cases whose every judged trial passed. A skipped trial is ignored, so a case with fewer than k judged trials
   * counts when all it has passed (`casesShort` says how many cases that is).
   */
  casesAllPassed: number;
  /** pass^k = casesAllPassed / cases, 0 when none. */
  passAll: number;
  /** Cases with fewer than k judged trials (their pass^k is over the trials they have). */
  casesShort: number;
};

type CaseTally = { judged: number; passed: number };

/** Judged and passed trials per case, cases with no judged trial left out. */
function tally(outcomes: readonly TrialOutcome[]): Map<string, CaseTally> {
  const cases = new Map<string, CaseTally>();
  for (const outcome of outcomes) {
    if (outcome.passed === null) continue;
    const entry = cases.get(outcome.caseId) ?? { judged: 0, passed: 0 };
    entry.judged++;
    if (outcome.passed) entry.passed++;
    cases.set(outcome.caseId, entry);
  }
  return cases;
}

/** pass@1 (the mean over judged trials) and pass^k (the share of cases whose every judged trial passed). */
export function passAtK(outcomes: readonly TrialOutcome[]): PassK {
  const cases = [...tally(outcomes).values()];
  const trials = cases.reduce((most, entry) => Math.max(most, entry.judged), 0);
  const trialsJudged = cases.reduce((sum, entry) => sum + entry.judged, 0);
  const trialsPassed = cases.reduce((sum, entry) => sum + entry.passed, 0);
  const casesAllPassed = cases.filter((entry) => entry.passed === entry.judged).length;
  return {
    cases: cases.length,
    trials,
    trialsJudged,
    trialsPassed,
    passAt1: trialsJudged === 0 ? 0 : trialsPassed / trialsJudged,
    casesAllPassed,
    passAll: cases.length === 0 ? 0 : casesAllPassed / cases.length,
    casesShort: cases.filter((entry) => entry.judged < trials).length,
  };
}

export type LiftMethod = "newcombe_score" | "paired_bootstrap";

export type Lift = {
  /** Cases judged under both configurations. */
  pairedCases: number;
  /** Mean over paired cases of (rate_a − rate_b), rate = passed / judged trials of that case. */
  difference: number;
  /** 95% interval bounds of the difference, within [−1, 1]; they always contain `difference`. */
  low: number;
  high: number;
  method: LiftMethod;
  /**
   * Two-sided p-value of "no difference": McNemar's exact test when every paired case has one trial per side, else a
   * paired sign-flip (randomization) test on the per-case differences.
   */
  pValue: number | null;
  /**
   * "better" when low > 0, "worse" when high < 0, and in both cases p < 0.05 too: the approximate interval and the
   * exact test must agree before the page calls a difference distinguishable (with few cases they may not). Else
   * "indistinguishable".
   */
  verdict: "better" | "worse" | "indistinguishable";
  /** One plain sentence, e.g. "+40.0 points (95% interval +4.3 to +66.5, 10 paired cases): distinguishable from zero — the first configuration is better." */
  summary: string;
  /** The paired 2×2 table when every paired case has one trial per side (newcombe_score); null otherwise. */
  counts: PairedCounts | null;
  /** Paired cases whose rates differ between the configurations. */
  casesDiffering: number;
  /** The bootstrap's resamples (paired_bootstrap); null for newcombe_score. */
  resamples: number | null;
};

const DEFAULT_RESAMPLES = 4_000;
const DEFAULT_SEED = "routine-studio/lift";

/** A difference of rates as signed percentage points, one decimal, with a true minus sign; "0.0" for zero. */
export function signedPoints(difference: number): string {
  const points = Math.round(difference * 1000) / 10;
  if (points === 0) return "0.0";
  return `${points > 0 ? "+" : "\u2212"}${Math.abs(points).toFixed(1)}`;
}

/** 0.4 → "+40.0 points", −0.05 → "−5.0 points", 0 → "0.0 points". */
export function formatPoints(difference: number): string {
  return `${signedPoints(difference)} points`;
}

/** a minus b over the cases both judged; null when they share no judged case. `seed` makes the bootstrap reproducible. */
export function pairedLift(
  a: readonly TrialOutcome[],
  b: readonly TrialOutcome[],
  options: { seed?: string; resamples?: number } = {},
): Lift | null {
  const first = tally(a);
  const second = tally(b);
  // In case-id order, so the bootstrap's draws do not depend on the order the outcomes came in.
  const paired = [...first.keys()]
    .filter((caseId) => second.has(caseId))
    .sort()
    .map((caseId) => ({ a: first.get(caseId)!, b: second.get(caseId)! }));
  if (paired.length === 0) return null;
  const differences = paired.map((pair) => pair.a.passed / pair.a.judged - pair.b.passed / pair.b.judged);
  const casesDiffering = differences.filter((difference) => difference !== 0).length;

  let interval: { difference: number; low: number; high: number };
  let method: LiftMethod;
  let pValue: number | null = null;
  let counts: PairedCounts | null = null;
  let resamples: number | null = null;
  if (paired.every((pair) => pair.a.judged === 1 && pair.b.judged === 1)) {
    counts = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
    for (const pair of paired) {
      if (pair.a.passed && pair.b.passed) counts.both++;
      else if (pair.a.passed) counts.onlyA++;
      else if (pair.b.passed) counts.onlyB++;
      else counts.neither++;
    }
    interval = newcombePairedInterval(counts);
    method = "newcombe_score";
    pValue = mcnemarExactP(counts.onlyA, counts.onlyB);
  } else {
    resamples = Math.max(1, Math.floor(options.resamples ?? DEFAULT_RESAMPLES));
    const random = mulberry32(hashSeed(options.seed ?? DEFAULT_SEED));
    const bootstrap = bootstrapMeanInterval(differences, resamples, random);
    interval = { difference: bootstrap.mean, low: bootstrap.low, high: bootstrap.high };
    method = "paired_bootstrap";
    pValue = signFlipP(differences, random);
  }

  const { difference, low, high } = interval;
  const significant = pValue === null || pValue < 0.05;
  const verdict = significant && low > 0 ? "better" : significant && high < 0 ? "worse" : "indistinguishable";
  return {
    pairedCases: paired.length,
    difference,
    low,
    high,
    method,
    pValue,
    verdict,
    summary: summaryOf({ difference, low, high, pairedCases: paired.length, casesDiffering, verdict, pValue }),
    counts,
    casesDiffering,
    resamples,
  };
}

/**
 * The two-sided p-value of a paired sign-flip test: under "no difference" each case's difference is as likely to
 * have either sign. Exact over every sign pattern up to 16 differing cases, else 4,000 seeded random patterns.
 * McNemar's exact test is this test for one trial per side.
 */
export function signFlipP(differences: readonly number[], random: () => number): number {
  const nonzero = differences.filter((difference) => difference !== 0);
  if (nonzero.length === 0) return 1;
  const observed = Math.abs(nonzero.reduce((sum, difference) => sum + difference, 0)) - 1e-12;
  const extreme = (signs: (index: number) => number) =>
    Math.abs(nonzero.reduce((sum, difference, index) => sum + signs(index) * difference, 0)) >= observed;
  if (nonzero.length <= 16) {
    const patterns = 2 ** nonzero.length;
    let count = 0;
    for (let pattern = 0; pattern < patterns; pattern++)
      if (extreme((index) => ((pattern >> index) & 1 ? -1 : 1))) count++;
    return count / patterns;
  }
  const draws = 4_000;
  let count = 0;
  for (let draw = 0; draw < draws; draw++) if (extreme(() => (random() < 0.5 ? -1 : 1))) count++;
  // The observed pattern counts as one of the draws, so p is never 0.
  return (count + 1) / (draws + 1);
}

function summaryOf(lift: {
  difference: number;
  low: number;
  high: number;
  pairedCases: number;
  casesDiffering: number;
  verdict: Lift["verdict"];
  pValue: number | null;
}): string {
  const cases = `${lift.pairedCases} paired case${lift.pairedCases === 1 ? "" : "s"}`;
  const head = `${formatPoints(lift.difference)} (95% interval ${signedPoints(lift.low)} to ${signedPoints(lift.high)}, ${cases})`;
  // With no width, the interval says only that every case moved alike (the bootstrap's case): name it.
  const note =
    lift.casesDiffering === 0
      ? "no case differs"
      : lift.low === lift.high
        ? "every paired case differs by the same amount, so the interval has no width"
        : (lift.low > 0 || lift.high < 0) && lift.pValue !== null && lift.pValue >= 0.05
          ? `the interval leaves out zero, but the exact test's p = ${lift.pValue.toPrecision(2)} is not below 0.05: too few cases differ`
          : null;
  if (lift.verdict === "indistinguishable") return `${head}: not distinguishable from zero${note ? ` — ${note}` : ""}.`;
  const side = lift.verdict === "better" ? "better" : "worse";
  return `${head}: distinguishable from zero — the first configuration is ${side}${note ? ` (${note})` : ""}.`;
}
