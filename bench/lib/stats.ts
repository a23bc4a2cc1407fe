/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/**
 * The p-th percentile by linear interpolation between the closest ranks (numpy's default), so p = 50 is the
 * median and p = 100 the maximum. NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = ((sorted.length - 1) * Math.min(100, Math.max(0, p))) / 100;
  const below = Math.floor(rank);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

/** Rounds to `digits` decimals. */
export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
