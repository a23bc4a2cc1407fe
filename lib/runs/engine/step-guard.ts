import type { Clock, RunControl } from "./ports";
import { BudgetExceededError } from "./budgets";

/** Why a step was stopped from outside its handler. */
export type StopReason = { kind: "cancel" } | { kind: "shutdown" } | { kind: "budget"; error: BudgetExceededError };

/** The abort reason handed to tools and the model, so their errors say what stopped them. */
export class StepStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(
      reason.kind === "budget"
        ? reason.error.message
        : reason.kind === "cancel"
          ? "The run was cancelled."
          : "The worker is shutting down.",
    );
    this.name = "StepStopped";
  }
}

export type StepGuardOptions = {
  clock: Clock;
  /** execute()'s signal: reason "cancel" cancels, "pause" pauses after the step, any other stops the worker. */
  outer: AbortSignal;
  stepTimeoutMs: number;
  wallTimeLeftMs: number;
  wallTimeLimitMs: number;
  wallTimeUsedMs: number;
  /** How often to read the operator's control request while the step works; 0 turns polling off. */
  pollMs: number;
  readControl: () => Promise<RunControl>;
};

/** What an abort of execute()'s signal asks for. */
export function outerIntent(signal: AbortSignal): "cancel" | "pause" | "shutdown" | null {
  if (!signal.aborted) return null;
  return signal.reason === "cancel" || signal.reason === "pause" ? signal.reason : "shutdown";
}

/**
 * Watches one step: its timeout, the run's remaining wall time, the operator's control requests and execute()'s
 * signal. `signal` aborts the tool or model call in flight; `stopped` says why. A pause request does not abort: the
 * step finishes and the run pauses after it.
 */
export class StepGuard {
  private readonly controller = new AbortController();
  private readonly done = new AbortController();
  private readonly deadline: number;
  stopped: StopReason | null = null;
  pauseRequested = false;

  constructor(private readonly options: StepGuardOptions) {
    const { clock, outer } = options;
    const limit = Math.min(options.stepTimeoutMs, options.wallTimeLeftMs);
    this.deadline = clock.now() + limit;
    const overWallTime = options.wallTimeLeftMs < options.stepTimeoutMs;
    this.after(limit, () =>
      this.stop({
        kind: "budget",
        error: overWallTime
          ? new BudgetExceededError("wall_time", options.wallTimeLimitMs, options.wallTimeUsedMs + limit)
          : new BudgetExceededError("step_timeout", options.stepTimeoutMs, options.stepTimeoutMs),
      }),
    );
    const onOuter = () => {
      const intent = outerIntent(outer);
      if (intent === "pause") this.pauseRequested = true;
      else if (intent) this.stop({ kind: intent });
    };
    if (outer.aborted) onOuter();
    else outer.addEventListener("abort", onOuter, { once: true, signal: this.done.signal });
    if (options.pollMs > 0) void this.poll();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Milliseconds left before the step's deadline, for a tool call's own timeout. */
  timeLeft(): number {
    return Math.max(0, this.deadline - this.options.clock.now());
  }

  stop(reason: StopReason): void {
    if (this.stopped) return;
    this.stopped = reason;
    this.controller.abort(new StepStopped(reason));
  }

  /** Ends the timers and the polling; call once the step's outcome is known. */
  dispose(): void {
    // With a reason: an abort without one builds a DOMException, measurable at thousands of steps a second.
    this.done.abort("disposed");
  }

  /**
   * Throws once the step was stopped or its outcome is settled: a handler the engine stopped waiting for (a tool
   * that ignored the abort) must not write into a run that has moved on.
   */
  assertOpen(): void {
    this.signal.throwIfAborted();
    if (this.done.signal.aborted) throw new StepStopped({ kind: "shutdown" });
  }

  /** Rejects when the step is stopped, so the engine need not wait for a handler that ignores its signal. */
  whenStopped(): Promise<never> {
    return new Promise<never>((_, reject) => {
      if (this.signal.aborted) return reject(this.signal.reason);
      this.signal.addEventListener("abort", () => reject(this.signal.reason), { once: true, signal: this.done.signal });
    });
  }

  private after(ms: number, then: () => void): void {
    this.options.clock.sleep(ms, this.done.signal).then(
      () => {
        if (!this.done.signal.aborted) then();
      },
      () => {},
    );
  }

  private async poll(): Promise<void> {
    while (!this.done.signal.aborted && !this.stopped) {
      try {
        await this.options.clock.sleep(this.options.pollMs, this.done.signal);
      } catch {
        return;
      }
      if (this.done.signal.aborted) return;
      const control = await this.options.readControl().catch(() => null);
      // A stage cancel stops the step like a run cancel; the engine then tells the two apart (stage-cancel.ts).
      if (control === "cancel" || control === "cancel-stage") this.stop({ kind: "cancel" });
      else if (control === "pause") this.pauseRequested = true;
    }
  }
}
