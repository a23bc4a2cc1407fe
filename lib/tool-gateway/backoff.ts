/** Reconnect delays: exponential from `initialMs`, capped at `maxMs`. */
export type BackoffPolicy = { initialMs: number; maxMs: number };

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 250, maxMs: 5_000 };

/**
 * Delay before reconnect attempt after `failures` consecutive failures (1 → ~initialMs). "Equal jitter": a random
 * point in the upper half of the exponential step, so many gateways reconnecting to one restarted server spread
 * out, yet none retries much sooner than the schedule says.
 */
export function computeBackoffMs(failures: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const step = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(step / 2 + (step / 2) * random());
}
