import { createRandom } from "./data/random";

/** Where a call's delay falls: before the handler runs (and its side effect happens), or after, before the answer. */
export type ToolDelay = { ms: number; at: "before" | "after" };

/**
 * Slow tools on purpose, for tests that kill a caller in the middle of a call: each call is delayed by a random
 * time, half of the calls before the handler runs and half after it, so an interrupted call is as likely to have
 * happened as not.
 */
export type ToolLatency = {
  /** The delay of the next call. */
  next(): ToolDelay;
  /** Waits `ms` milliseconds (a timer; tests pass their own to decide when a call goes on). */
  wait(ms: number): Promise<void>;
};

export type ToolLatencyOptions = {
  /** The longest delay; each call waits a uniformly random whole number of milliseconds from 0 to this. */
  maxMs: number;
  /** Seeds the random delays, so a run of calls in the same order gets the same delays. Random by default. */
  seed?: number;
  wait?: ToolLatency["wait"];
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Random delays up to `maxMs` (see ToolLatency), or null for no delay at all when `maxMs` is 0. */
export function createToolLatency({ maxMs, seed, wait = sleep }: ToolLatencyOptions): ToolLatency | null {
  if (!Number.isSafeInteger(maxMs) || maxMs < 0)
    throw new RangeError(`The latency must be a whole number of milliseconds, 0 or more; got ${maxMs}.`);
  if (maxMs === 0) return null;
  const random = createRandom(seed ?? Math.floor(Math.random() * 2 ** 32));
  return {
    next: () => ({ ms: random.int(0, maxMs), at: random.chance(0.5) ? "before" : "after" }),
    wait,
  };
}

/**
 * Runs `call` with the latency's next delay before or after it (no delay without a latency). The call itself is
 * synchronous: its side effect is recorded at once, whatever the delay.
 */
export async function withLatency<T>(latency: ToolLatency | null | undefined, call: () => T): Promise<T> {
  if (!latency) return call();
  const delay = latency.next();
  if (delay.at === "before") await latency.wait(delay.ms);
  const result = call();
  if (delay.at === "after") await latency.wait(delay.ms);
  return result;
}
