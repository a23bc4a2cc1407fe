/** First retry waits about this long; each further one twice as long. */
export const BACKOFF_BASE_MS = 500;
/** No computed backoff waits longer than this. */
export const BACKOFF_CAP_MS = 20_000;
/** A server asking to wait longer than this (a spent quota, not a burst) is not waited for. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The wait before retry number `retryIndex` (0 for the first retry): exponential, capped, with jitter in
 * [50 %, 100 %] of the step so that many clients failing together do not retry in lockstep.
 */
export function backoffMs(retryIndex: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retryIndex);
  return Math.round(step * (0.5 + 0.5 * random()));
}

/**
 * How long the server asked us to wait, from `retry-after-ms` (OpenAI, Azure) or `retry-after` (seconds or an
 * HTTP date); undefined when neither is present or readable.
 */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number.parseFloat(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
