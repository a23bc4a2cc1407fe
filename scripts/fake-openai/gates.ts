type Waiter = (opened: boolean) => void;

/**
 * Named gates that rules with `hold` wait at, so a browser test can look at "the model is working" for as long as it
 * needs and then let the answer through, instead of guessing a `delayMs`. Each test uses its own gate names, so
 * parallel tests never release each other's requests.
 */
export class Gates {
  private readonly opened = new Set<string>();
  private readonly waiters = new Map<string, Set<Waiter>>();

  /**
   * Opens a gate for good (until `reset()`): requests waiting at it go on, later ones pass at once.
   * Returns how many requests were waiting and are now released.
   */
  open(name: string): number {
    this.opened.add(name);
    const released = this.waiters.get(name);
    this.waiters.delete(name);
    for (const waiter of released ?? []) waiter(true);
    return released?.size ?? 0;
  }

  /** Whether `open(name)` was called since the last `reset()`. */
  isOpen(name: string): boolean {
    return this.opened.has(name);
  }

  /** How many requests are waiting at the gate right now. */
  waiting(name: string): number {
    return this.waiters.get(name)?.size ?? 0;
  }

  /**
   * Waits until the gate opens (true; at once when it already is) or `signal` aborts (false). An aborted wait is
   * forgotten at once, so a later `open()` does not count a client that has already left.
   */
  wait(name: string, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.opened.has(name)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiters = this.waiters.get(name) ?? new Set<Waiter>();
      this.waiters.set(name, waiters);
      const onAbort = () => {
        waiters.delete(settle);
        if (waiters.size === 0 && this.waiters.get(name) === waiters) this.waiters.delete(name);
        resolve(false);
      };
      const settle: Waiter = (opened) => {
        signal.removeEventListener("abort", onAbort);
        resolve(opened);
      };
      waiters.add(settle);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /**
   * Closes every gate. Requests already waiting keep waiting (a later `open()` of their gate still releases them):
   * a reset by one test must not answer another test's held request behind its back.
   */
  reset(): void {
    this.opened.clear();
  }

  /** Ends every wait with false, for a server that is closing: nothing is left pending once it has stopped. */
  abortAll(): void {
    const all = [...this.waiters.values()];
    this.waiters.clear();
    for (const waiters of all) for (const waiter of waiters) waiter(false);
  }
}
