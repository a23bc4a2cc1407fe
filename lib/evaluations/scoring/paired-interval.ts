// The statistics behind a configuration's lift over another (lift.ts), pure: Wilson's score interval for one
// proportion, Newcombe's hybrid score interval for a difference of paired proportions, McNemar's exact test, and a
// seeded percentile bootstrap of a mean over cases (decision 0043).

/** The standard normal quantile of 0.975: the z of a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

export type Interval = { low: number; high: number };

/**
 * Wilson's score interval for `successes` of `n` (Newcombe 1998, single proportion, method 3; no continuity
 * correction). [0, 1] when n is 0.
 */
export function wilsonInterval(successes: number, n: number, z = Z_95): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (2 * n * p + z2) / (2 * (n + z2));
  const half = (z * Math.sqrt(z2 + 4 * n * p * (1 - p))) / (2 * (n + z2));
  // The bounds at 0/n and n/n are exactly 0 and 1; rounding would leave them a hair off.
  return { low: successes <= 0 ? 0 : centre - half, high: successes >= n ? 1 : centre + half };
}

/**
 * A paired 2×2 table of binary outcomes over the same cases: both passed, only the first (a) passed, only the second
 * (b) passed, neither passed.
 */
export type PairedCounts = { both: number; onlyA: number; onlyB: number; neither: number };

/**
 * Newcombe's hybrid score interval for p_a − p_b from paired binary data (Newcombe 1998, Stat Med 17:2635, method
 * 10): the Wilson intervals of the two marginal proportions, combined with the correlation φ between them. φ's
 * numerator (both·neither − onlyA·onlyB) is, as in the paper, reduced by n/2 when positive and set to 0 when that
 * would take it below 0 (a negative numerator is kept); φ is 0 when a margin is empty. Clipped to [−1, 1].
 */
export function newcombePairedInterval(counts: PairedCounts, z = Z_95): Interval & { difference: number } {
  const { both, onlyA, onlyB, neither } = counts;
  const n = both + onlyA + onlyB + neither;
  if (n === 0) return { difference: 0, low: -1, high: 1 };
  const passA = both + onlyA;
  const passB = both + onlyB;
  const pA = passA / n;
  const pB = passB / n;
  const difference = (onlyA - onlyB) / n;
  const a = wilsonInterval(passA, n, z);
  const b = wilsonInterval(passB, n, z);
  const margins = (both + onlyA) * (onlyB + neither) * (both + onlyB) * (onlyA + neither);
  let numerator = both * neither - onlyA * onlyB;
  if (numerator > 0) numerator = Math.max(numerator - n / 2, 0);
  const phi = margins === 0 ? 0 : numerator / Math.sqrt(margins);
  const spread = (x: number, y: number) => Math.sqrt(Math.max(0, x * x - 2 * phi * x * y + y * y));
  const below = spread(pA - a.low, b.high - pB);
  const above = spread(a.high - pA, pB - b.low);
  return {
    difference,
    low: Math.max(-1, Math.min(difference, difference - below)),
    high: Math.min(1, Math.max(difference, difference + above)),
  };
}

/**
 * McNemar's exact test: two-sided, conditional on the discordant pairs (onlyA + onlyB ~ Binomial(·, ½) under no
 * difference): min(1, 2·P(X ≤ min(onlyA, onlyB))). 1 when no pair is discordant.
 */
export function mcnemarExactP(onlyA: number, onlyB: number): number {
  const discordant = onlyA + onlyB;
  if (discordant === 0) return 1;
  const smaller = Math.min(onlyA, onlyB);
  // In logs, so that thousands of discordant pairs do not underflow 2^-n.
  let logChoose = 0;
  let tail = 0;
  const logHalfPower = discordant * Math.log(0.5);
  for (let k = 0; k <= smaller; k++) {
    if (k > 0) logChoose += Math.log((discordant - k + 1) / k);
    tail += Math.exp(logChoose + logHalfPower);
  }
  return Math.min(1, 2 * tail);
}

/** A 32-bit hash of a string (FNV-1a), the bootstrap's seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1), enough for resampling (not for secrets). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The q-quantile of ascending `sorted` by linear interpolation between order statistics (R's type 7). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  const fraction = position - below;
  return sorted[below]! + (sorted[above]! - sorted[below]!) * fraction;
}

/**
 * The percentile bootstrap interval (2.5th and 97.5th percentiles) of the mean of `values`: `resamples` times, draw
 * values.length of them with replacement and take their mean. Reproducible for a given `random`. When every value is
 * the same the interval is that value, with no width.
 */
export function bootstrapMeanInterval(
  values: readonly number[],
  resamples: number,
  random: () => number,
  level = 0.95,
): Interval & { mean: number } {
  const n = values.length;
  if (n === 0) return { mean: 0, low: -1, high: 1 };
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  if (values.every((value) => value === values[0])) return { mean, low: mean, high: mean };
  const means = new Float64Array(resamples);
  for (let draw = 0; draw < resamples; draw++) {
    let sum = 0;
    for (let pick = 0; pick < n; pick++) sum += values[Math.floor(random() * n)]!;
    means[draw] = sum / n;
  }
  means.sort();
  const tail = (1 - level) / 2;
  return {
    mean,
    low: Math.min(mean, quantileSorted(means, tail)),
    high: Math.max(mean, quantileSorted(means, 1 - tail)),
  };
}
