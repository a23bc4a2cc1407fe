import type { Clock } from "../ports";

type Sleeper = {
  until: number;
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
};

/**
 * A clock whose time moves only when a test says so: `advance(ms)` wakes the sleepers whose time has come, in
 * order. A sleep of 0 (or less) ends at once. Timeouts, wall-time limits, retry backoff and control polling all
 * sleep on it, so a test of a five-minute timeout takes no time.
 */
export class FakeClock implements Clock {
  private time: number;
  private sleepers: Sleeper[] = [];

  constructor(start = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = { until: this.time + ms, resolve, reject, signal };
      if (signal) {
        sleeper.onAbort = () => {
          this.sleepers = this.sleepers.filter((other) => other !== sleeper);
          reject(signal.reason);
        };
        signal.addEventListener("abort", sleeper.onAbort, { once: true });
      }
      this.sleepers.push(sleeper);
    });
  }

  /** Moves time forward and wakes every sleeper due by then, earliest first. */
  advance(ms: number): void {
    this.time += ms;
    const due = this.sleepers.filter((sleeper) => sleeper.until <= this.time).sort((a, b) => a.until - b.until);
    this.sleepers = this.sleepers.filter((sleeper) => sleeper.until > this.time);
    for (const sleeper of due) {
      if (sleeper.onAbort) sleeper.signal?.removeEventListener("abort", sleeper.onAbort);
      sleeper.resolve();
    }
  }

  /** How many sleeps are pending, and how far ahead each ends (ms from now). */
  pending(): number[] {
    return this.sleepers.map((sleeper) => sleeper.until - this.time).sort((a, b) => a - b);
  }
}
