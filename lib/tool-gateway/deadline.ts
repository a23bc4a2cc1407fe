import { formatMs, gatewayError, normalizeToolError, type ToolErrorContext, type ToolGatewayError } from "./errors";

/**
 * One operation's budget: a signal that aborts when the time is up or the caller cancels, and enough to tell
 * which of the two happened (the SDK reports both as the same "request timed out" error).
 */
export type Deadline = {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly userSignal?: AbortSignal;
  remainingMs(): number;
};

/** Starts a budget of `timeoutMs`, also ended by `userSignal`. Its timer is unref'd: nothing to dispose. */
export function createDeadline(timeoutMs: number, userSignal?: AbortSignal): Deadline {
  const startedAt = performance.now();
  const timer = AbortSignal.timeout(timeoutMs);
  return {
    signal: userSignal ? AbortSignal.any([timer, userSignal]) : timer,
    timeoutMs,
    userSignal,
    remainingMs: () => Math.max(1, Math.ceil(timeoutMs - (performance.now() - startedAt))),
  };
}

/** Settles like `promise`, or rejects as soon as `signal` aborts (the promise keeps running for other waiters). */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Resolves after `ms`, or rejects when `signal` aborts first. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  const wait = new Promise<void>((resolve) => setTimeout(resolve, ms));
  return signal ? raceAbort(wait, signal) : wait;
}

/**
 * Classifies a failure within a budget: a caller's abort is `cancelled`, an expired budget is `timeout`, anything
 * else goes through `normalizeToolError`. Checked in that order because an abort surfaces as many error shapes.
 */
export function failureWithin(err: unknown, deadline: Deadline, ctx: ToolErrorContext): ToolGatewayError {
  if (deadline.userSignal?.aborted) {
    return gatewayError("cancelled", ctx, "was cancelled by the caller.", { cause: err, retryable: false });
  }
  if (deadline.signal.aborted) {
    const what = ctx.operation === "call" ? "did not answer" : "did not respond";
    return gatewayError("timeout", ctx, `${what} within ${formatMs(deadline.timeoutMs)}.`, {
      cause: err,
      details: { timeoutMs: deadline.timeoutMs },
    });
  }
  return normalizeToolError(err, { ...ctx, timeoutMs: ctx.timeoutMs ?? deadline.timeoutMs });
}
