import { describe, expect, it } from "vitest";
import {
  formatPoints,
  mcnemarExactP,
  newcombePairedInterval,
  pairedLift,
  passAtK,
  wilsonInterval,
  type PairedCounts,
  type TrialOutcome,
} from "..";
import { bootstrapMeanInterval, hashSeed, mulberry32 } from "../paired-interval";
import { signFlipP } from "../lift";

// The lift of one configuration over another and pass@1 / pass^k (decision 0043). Reference values come from the
// literature; the rest is checked by properties and by simulations with a known truth, all seeded.

const counts = (both: number, onlyA: number, onlyB: number, neither: number): PairedCounts => ({
  both,
  onlyA,
  onlyB,
  neither,
});

/** One trial per case: `passed[i]` is case i's outcome. */
const single = (passed: Array<boolean | null>): TrialOutcome[] =>
  passed.map((value, index) => ({ caseId: `case-${index}`, trial: 1, passed: value }));

/** `trials[i]` are case i's trials in order. */
const repeated = (trials: Array<Array<boolean | null>>): TrialOutcome[] =>
  trials.flatMap((values, index) =>
    values.map((passed, trial) => ({ caseId: `case-${index}`, trial: trial + 1, passed })),
  );

/** Draws a paired 2×2 table of n cases from joint probabilities [both, onlyA, onlyB, neither]. */
function drawTable(n: number, joint: readonly number[], random: () => number): PairedCounts {
  const table = counts(0, 0, 0, 0);
  for (let index = 0; index < n; index++) {
    const u = random();
    if (u < joint[0]!) table.both++;
    else if (u < joint[0]! + joint[1]!) table.onlyA++;
    else if (u < joint[0]! + joint[1]! + joint[2]!) table.onlyB++;
    else table.neither++;
  }
  return table;
}

describe("wilsonInterval", () => {
  it("gives Newcombe 1998's single-proportion examples (method 3, score without continuity correction)", () => {
    const examples: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [successes, n, low, high] of examples) {
      const interval = wilsonInterval(successes, n);
      expect(interval.low).toBeCloseTo(low, 4);
      expect(interval.high).toBeCloseTo(high, 4);
    }
    expect(wilsonInterval(20, 20).high).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe("newcombePairedInterval (Newcombe 1998, method 10)", () => {
  it("gives the paper's worked examples and a textbook one", () => {
    // Newcombe 1998, Table II (method 10), as a table (both, onlyA, onlyB, neither).
    const paper: Array<[PairedCounts, number, number]> = [
      [counts(36, 12, 2, 0), 0.0569, 0.3404],
      [counts(18, 12, 2, 18), 0.0562, 0.329],
      [counts(53, 0, 0, 1), -0.0729, 0.0729],
      [counts(0, 30, 0, 0), 0.8395, 1],
    ];
    // Fagerland, Lydersen & Laake, Statistical Analysis of Contingency Tables (2017), ch. 8: Cavo et al. 2012,
    // "Newcombe square-and-add" −0.1186 to −0.0046 around −0.0621.
    const cavo: [PairedCounts, number, number] = [counts(59, 6, 16, 80), -0.1186, -0.0046];
    for (const [table, low, high] of [...paper, cavo]) {
      const interval = newcombePairedInterval(table);
      expect(interval.low).toBeCloseTo(low, 4);
      expect(interval.high).toBeCloseTo(high, 4);
    }
    expect(newcombePairedInterval(counts(59, 6, 16, 80)).difference).toBeCloseTo(-0.0621, 4);
  });

  it("contains the point difference, stays within [−1, 1], and negates when the sides swap", () => {
    const random = mulberry32(hashSeed("newcombe properties"));
    for (let draw = 0; draw < 2_000; draw++) {
      const n = 1 + Math.floor(random() * 60);
      const weights = [random(), random(), random(), random()];
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      const table = drawTable(
        n,
        weights.map((weight) => weight / total),
        random,
      );
      const interval = newcombePairedInterval(table);
      expect(interval.low).toBeGreaterThanOrEqual(-1);
      expect(interval.high).toBeLessThanOrEqual(1);
      expect(interval.low).toBeLessThanOrEqual(interval.difference);
      expect(interval.high).toBeGreaterThanOrEqual(interval.difference);
      expect(interval.high).toBeGreaterThan(interval.low);
      const swapped = newcombePairedInterval({ ...table, onlyA: table.onlyB, onlyB: table.onlyA });
      expect(swapped.difference).toBeCloseTo(-interval.difference, 12);
      expect(swapped.low).toBeCloseTo(-interval.high, 12);
      expect(swapped.high).toBeCloseTo(-interval.low, 12);
    }
  });

  it("covers the true difference 92–99% of the time (simulated, n = 10, 20, 50; difference 0 and 0.3)", () => {
    // Joint probabilities (both, onlyA, onlyB, neither): a difference of onlyA − onlyB.
    const scenarios: Array<{ joint: number[]; truth: number }> = [
      { joint: [0.5, 0.15, 0.15, 0.2], truth: 0 },
      { joint: [0.4, 0.35, 0.05, 0.2], truth: 0.3 },
    ];
    const random = mulberry32(hashSeed("newcombe coverage"));
    for (const n of [10, 20, 50])
      for (const { joint, truth } of scenarios) {
        const datasets = 4_000;
        let covered = 0;
        for (let draw = 0; draw < datasets; draw++) {
          const interval = newcombePairedInterval(drawTable(n, joint, random));
          if (interval.low <= truth && truth <= interval.high) covered++;
        }
        const coverage = covered / datasets;
        expect(coverage, `n = ${n}, truth ${truth}`).toBeGreaterThanOrEqual(0.92);
        expect(coverage, `n = ${n}, truth ${truth}`).toBeLessThanOrEqual(0.99);
      }
  });
});

describe("mcnemarExactP", () => {
  it("gives hand-computed two-sided exact p-values", () => {
    expect(mcnemarExactP(1, 9)).toBeCloseTo((2 * 11) / 1024, 12);
    expect(mcnemarExactP(9, 1)).toBeCloseTo(0.021484375, 12);
    expect(mcnemarExactP(4, 4)).toBe(1);
    expect(mcnemarExactP(0, 0)).toBe(1);
    expect(mcnemarExactP(0, 5)).toBeCloseTo(0.0625, 12);
    // Fagerland et al. 2017, ch. 8, Cavo et al. 2012: the McNemar exact conditional test, P = 0.052479.
    expect(mcnemarExactP(6, 16)).toBeCloseTo(0.052479, 6);
    // Thousands of discordant pairs do not underflow.
    expect(mcnemarExactP(3_000, 3_000)).toBe(1);
    expect(mcnemarExactP(2_900, 3_100)).toBeGreaterThan(0);
    expect(mcnemarExactP(2_900, 3_100)).toBeLessThan(0.02);
  });
});

describe("the paired bootstrap", () => {
  const rates: Array<[number, number]> = [
    [0.9, 0.5],
    [0.6, 0.4],
    [1, 0.6],
    [0.3, 0.2],
  ];
  const truth = rates.reduce((sum, [a, b]) => sum + a - b, 0) / rates.length;

  /** n cases, each of a kind drawn from `rates`, run k times under each configuration. */
  function simulate(n: number, k: number, random: () => number) {
    const a: Array<boolean[]> = [];
    const b: Array<boolean[]> = [];
    for (let index = 0; index < n; index++) {
      const [rateA, rateB] = rates[Math.floor(random() * rates.length)]!;
      a.push(Array.from({ length: k }, () => random() < rateA));
      b.push(Array.from({ length: k }, () => random() < rateB));
    }
    return { a: repeated(a), b: repeated(b) };
  }

  /** How often the interval over datasets of n cases × 3 trials covers the true lift. */
  function coverage(n: number, datasets: number, seed: string): number {
    const random = mulberry32(hashSeed(seed));
    let covered = 0;
    for (let draw = 0; draw < datasets; draw++) {
      const { a, b } = simulate(n, 3, random);
      const lift = pairedLift(a, b, { seed: `${seed}/${draw}`, resamples: 1_000 })!;
      expect(lift.method).toBe("paired_bootstrap");
      if (lift.low <= truth && truth <= lift.high) covered++;
    }
    return covered / datasets;
  }

  it("is reproducible with the same seed, and differs with another", () => {
    const { a, b } = simulate(30, 3, mulberry32(hashSeed("reproducible")));
    const first = pairedLift(a, b, { seed: "suite-run-1" })!;
    expect(pairedLift(a, b, { seed: "suite-run-1" })).toEqual(first);
    // Nor does the order the outcomes come in matter.
    expect(pairedLift([...a].reverse(), [...b].reverse(), { seed: "suite-run-1" })).toEqual(first);
    const other = pairedLift(a, b, { seed: "suite-run-2" })!;
    expect(other.difference).toBe(first.difference);
    expect([other.low, other.high]).not.toEqual([first.low, first.high]);
    expect(first).toMatchObject({ method: "paired_bootstrap", counts: null, resamples: 4_000 });
    expect(first.pValue).toBeGreaterThan(0);
  });

  it("covers the true lift 90–99% of the time over 50 cases × 3 trials (simulated)", () => {
    const covered = coverage(50, 1_000, "bootstrap coverage 50");
    expect(covered).toBeGreaterThanOrEqual(0.9);
    expect(covered).toBeLessThanOrEqual(0.99);
  });

  it("under-covers with few cases, as the percentile bootstrap does (documented: ~0.91 at 10 cases)", () => {
    // The bootstrap's spread is that of the sample, (n − 1)/n of the population's, and few cases give few distinct
    // resamples: at 10 cases the interval is a little too narrow. Recorded here so that a change shows.
    const covered = coverage(10, 1_000, "bootstrap coverage 10");
    expect(covered).toBeGreaterThanOrEqual(0.85);
    expect(covered).toBeLessThan(0.96);
  });

  it("negates when the sides swap", () => {
    const { a, b } = simulate(40, 3, mulberry32(hashSeed("swap")));
    const forward = pairedLift(a, b, { seed: "swap" })!;
    const backward = pairedLift(b, a, { seed: "swap" })!;
    expect(backward.difference).toBeCloseTo(-forward.difference, 12);
    expect(backward.low).toBeCloseTo(-forward.high, 12);
    expect(backward.high).toBeCloseTo(-forward.low, 12);
  });

  it("gives no width when every case differs alike, and says so", () => {
    expect(bootstrapMeanInterval([0.25, 0.25, 0.25], 100, mulberry32(1))).toEqual({
      mean: 0.25,
      low: 0.25,
      high: 0.25,
    });
    const same = repeated([
      [true, false, true],
      [false, false, true],
    ]);
    const none = pairedLift(same, same)!;
    expect(none).toMatchObject({ difference: 0, low: 0, high: 0, verdict: "indistinguishable", casesDiffering: 0 });
    expect(none.summary).toBe(
      "0.0 points (95% interval 0.0 to 0.0, 2 paired cases): not distinguishable from zero — no case differs.",
    );
  });
});

describe("pairedLift", () => {
  it("uses Newcombe's interval and McNemar's exact test when each case ran once per side", () => {
    const a = single([true, true, true, true, true, true, true, true, true, true]);
    const b = single([false, false, false, false, true, true, true, true, true, true]);
    const lift = pairedLift(a, b)!;
    expect(lift).toMatchObject({
      pairedCases: 10,
      method: "newcombe_score",
      counts: counts(6, 4, 0, 0),
      casesDiffering: 4,
      resamples: null,
      // Newcombe's interval excludes zero, but McNemar's exact p is 0.125: the two must agree before the page calls
      // the difference distinguishable, so four discordant cases of ten are not enough.
      verdict: "indistinguishable",
    });
    expect(lift.difference).toBeCloseTo(0.4, 12);
    expect(lift.pValue).toBeCloseTo(0.125, 12);
    expect(lift.low).toBeGreaterThan(0);
    expect(lift.summary).toMatch(
      /^\+40\.0 points \(95% interval \+\d+\.\d to \+\d+\.\d, 10 paired cases\): not distinguishable from zero — the interval leaves out zero, but the exact test's p = 0\.13 is not below 0\.05: too few cases differ\.$/,
    );
    const reverse = pairedLift(b, a)!;
    expect(reverse.verdict).toBe("indistinguishable");
    expect(reverse.high).toBeLessThan(0);
  });

  it("pairs cases by id, ignores skipped trials and cases only one side judged, and counts an errored run as failed", () => {
    const a: TrialOutcome[] = [
      { caseId: "x", trial: 1, passed: true },
      { caseId: "y", trial: 1, passed: true },
      { caseId: "z", trial: 1, passed: null },
      { caseId: "only-a", trial: 1, passed: true },
    ];
    const b: TrialOutcome[] = [
      { caseId: "y", trial: 1, passed: false },
      { caseId: "x", trial: 1, passed: true },
      { caseId: "z", trial: 1, passed: false },
      { caseId: "only-b", trial: 1, passed: false },
    ];
    const lift = pairedLift(a, b)!;
    expect(lift).toMatchObject({ pairedCases: 2, difference: 0.5, counts: counts(1, 1, 0, 0), pValue: 1 });
    expect(lift.verdict).toBe("indistinguishable");
    expect(lift.summary).toMatch(
      /^\+50\.0 points \(95% interval −\d+\.\d to \+\d+\.\d, 2 paired cases\): not distinguishable from zero\.$/,
    );
  });

  it("gives Newcombe's interval of nonzero width when every pair agrees", () => {
    const lift = pairedLift(single([true, true, false, true]), single([true, true, false, true]))!;
    expect(lift).toMatchObject({ difference: 0, method: "newcombe_score", pValue: 1, verdict: "indistinguishable" });
    expect(lift.low).toBeLessThan(0);
    expect(lift.high).toBeGreaterThan(0);
    expect(lift.summary).toMatch(/not distinguishable from zero — no case differs\.$/);
  });

  it("uses the bootstrap as soon as one case has more than one trial on a side", () => {
    const a = repeated([[true, true], [true], [false]]);
    const b = repeated([[false, true], [false], [false]]);
    const lift = pairedLift(a, b, { resamples: 500 })!;
    expect(lift).toMatchObject({ method: "paired_bootstrap", resamples: 500, pairedCases: 3 });
    expect(lift.pValue).not.toBeNull();
    expect(lift.difference).toBeCloseTo((0.5 + 1 + 0) / 3, 12);
  });

  it("calls a difference distinguishable only when the interval and the exact test agree", () => {
    const a = single([true, true, true, true, true, true, true, true, true, true]);
    const b = single([false, false, false, false, false, false, false, false, true, true]);
    const lift = pairedLift(a, b)!;
    expect(lift.pValue).toBeCloseTo(2 / 256, 12);
    expect(lift.verdict).toBe("better");
    expect(pairedLift(b, a)!.verdict).toBe("worse");
  });

  it("tests several trials per case with an exact sign-flip test", () => {
    const random = mulberry32(hashSeed("sign flip"));
    // Every one of n differing cases on the same side: p = 2 / 2^n (as McNemar's exact test for one trial).
    expect(signFlipP([1, 0.5, 1, 1, 0.5], random)).toBeCloseTo(2 / 32, 12);
    expect(signFlipP([1, 1, 1, 1, 1, 1, 0], random)).toBeCloseTo(2 / 64, 12);
    expect(signFlipP([0, 0], random)).toBe(1);
    expect(signFlipP([1, -1], random)).toBe(1);
    // Past 16 differing cases, a seeded Monte Carlo estimate close to the exact 2 / 2^20.
    expect(signFlipP(new Array(20).fill(1), random)).toBeLessThan(0.001);
  });

  it("is null when the configurations share no judged case", () => {
    expect(pairedLift([], [])).toBeNull();
    expect(pairedLift(single([true]), [{ caseId: "case-0", trial: 1, passed: null }])).toBeNull();
  });
});

describe("formatPoints", () => {
  it("signs a difference as percentage points, with a true minus", () => {
    expect(formatPoints(0.4)).toBe("+40.0 points");
    expect(formatPoints(-0.05)).toBe("\u22125.0 points");
    expect(formatPoints(0)).toBe("0.0 points");
    expect(formatPoints(-0.0001)).toBe("0.0 points");
    expect(formatPoints(0.6654)).toBe("+66.5 points");
    expect(formatPoints(1)).toBe("+100.0 points");
  });
});

describe("passAtK", () => {
  it("estimates pass@1 and pass^k of a scripted executor that passes each trial with probability 0.8", () => {
    const random = mulberry32(hashSeed("executor 0.8"));
    const executor = () => random() < 0.8;
    const outcomes = repeated(Array.from({ length: 2_000 }, () => Array.from({ length: 4 }, executor)));
    const score = passAtK(outcomes);
    expect(score).toMatchObject({ cases: 2_000, trials: 4, trialsJudged: 8_000, casesShort: 0 });
    expect(Math.abs(score.passAt1 - 0.8)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(score.passAll - 0.8 ** 4)).toBeLessThanOrEqual(0.03);
  });

  it("counts a small example exactly", () => {
    const score = passAtK(
      repeated([
        [true, true, true],
        [true, false, true],
      ]),
    );
    expect(score).toEqual({
      cases: 2,
      trials: 3,
      trialsJudged: 6,
      trialsPassed: 5,
      passAt1: 5 / 6,
      casesAllPassed: 1,
      passAll: 1 / 2,
      casesShort: 0,
    });
  });

  it("ignores skipped trials, and cases with none judged", () => {
    const score = passAtK(
      repeated([
        [true, null, true],
        [false, true, true],
        [null, null],
      ]),
    );
    expect(score).toMatchObject({
      cases: 2,
      trials: 3,
      trialsJudged: 5,
      trialsPassed: 4,
      casesAllPassed: 1,
      passAll: 0.5,
      casesShort: 1,
    });
    expect(score.passAt1).toBeCloseTo(0.8, 12);
  });

  it("gives zeros for no outcomes", () => {
    expect(passAtK([])).toEqual({
      cases: 0,
      trials: 0,
      trialsJudged: 0,
      trialsPassed: 0,
      passAt1: 0,
      casesAllPassed: 0,
      passAll: 0,
      casesShort: 0,
    });
  });
});
