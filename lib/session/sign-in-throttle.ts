/**
 * Slows password guessing: after `maxFailures` failed sign-ins for one email within `windowMs`, further
 * attempts for that email are refused until the window passes. In memory, per server process: enough for
 * the embedded mode; a shared store replaces it when the app scales out.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it may try now. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    return Math.max(0, recent[0] + this.windowMs - this.now());
  }

  recordFailure(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (recent.length === 0) this.failures.delete(key);
    else this.failures.set(key, recent);
    return recent;
  }
}
