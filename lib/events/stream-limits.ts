/**
 * Counts open streams per user so one user (a runaway script, a browser with a hundred tabs) cannot hold every
 * connection of the server. `tryAcquire` returns a release function that is safe to call more than once: streams
 * end by several paths (finished, client gone, cancelled, cut off, failed) and each may call it.
 */
/**
 * The per-user cap as the stream routes use it: this class in one process; across web server processes, the
 * database-backed limiter of lib/db/stream-slots, whose tryAcquire is async.
 */
export type StreamSlotLimiter = {
  readonly maxPerUser: number;
  /** A slot for `userId` (call the function to give it back), or null when they hold `maxPerUser` already. */
  tryAcquire(userId: string): Promise<(() => void) | null> | (() => void) | null;
  /** How many streams of `userId` this process holds open. */
  openCount(userId: string): number;
};

export class StreamLimiter implements StreamSlotLimiter {
  private readonly open = new Map<string, number>();

  constructor(readonly maxPerUser: number) {}

  /** Takes a slot for `userId`, or null when they already hold `maxPerUser` open streams. */
  tryAcquire(userId: string): (() => void) | null {
    const count = this.open.get(userId) ?? 0;
    if (count >= this.maxPerUser) return null;
    this.open.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.open.get(userId) ?? 1) - 1;
      if (now <= 0) this.open.delete(userId);
      else this.open.set(userId, now);
    };
  }

  /** How many streams `userId` has open now. */
  openCount(userId: string): number {
    return this.open.get(userId) ?? 0;
  }
}

type Env = Record<string, string | undefined>;

/** Open run streams one user may hold at once (`RUN_STREAMS_PER_USER`, default 20). */
export function streamsPerUser(env: Env = process.env): number {
  const value = Number(env.RUN_STREAMS_PER_USER);
  return Number.isInteger(value) && value > 0 ? value : 20;
}

/** What one SSE stream may hold and how long it may live; every stream ends in a way its client recovers from. */
export type StreamLimits = {
  /** A comment line this often, so proxies and browsers keep a quiet stream open. */
  keepAliveMs: number;
  /**
   * Bytes that may wait unread for the client. The stream produces (reads the event table, sends live events) only
   * while fewer wait, so a client that stops reading holds at most this much, plus the one message that crossed it.
   */
  maxBufferedBytes: number;
  /** A client that has left bytes unread this long has stopped reading: the stream is cut off and its slot freed. */
  stallMs: number;
  /** No event sent for this long: the stream ends, and the client reconnects with Last-Event-ID. */
  idleMs: number;
  /** The stream ends after this long, busy or not; the client reconnects with Last-Event-ID. */
  maxLifetimeMs: number;
  /** How often the viewer's access is checked again: session or token still valid, user active, run visible. */
  recheckMs: number;
  /**
   * Live events kept for a client that is behind. Past it, a run's stream drops them and reads them back from the
   * table when the client catches up; the runs-list stream (no table to read back) is cut off.
   */
  maxPendingEvents: number;
};

export const DEFAULT_STREAM_LIMITS: Readonly<StreamLimits> = Object.freeze({
  keepAliveMs: 15_000,
  maxBufferedBytes: 256 * 1024,
  stallMs: 60_000,
  idleMs: 10 * 60_000,
  maxLifetimeMs: 30 * 60_000,
  recheckMs: 30_000,
  maxPendingEvents: 1_000,
});

const positive = (raw: string | undefined, scale: number, fallback: number) => {
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isFinite(value) && value > 0
    ? Math.round(value * scale)
    : fallback;
};

/**
 * The stream limits of this process: the defaults, overridden by `RUN_STREAM_BUFFER_BYTES`,
 * `RUN_STREAM_STALL_SECONDS`, `RUN_STREAM_IDLE_SECONDS`, `RUN_STREAM_LIFETIME_SECONDS` and
 * `RUN_STREAM_RECHECK_SECONDS` (positive numbers; anything else keeps the default).
 */
export function streamLimitsFromEnv(env: Env = process.env): StreamLimits {
  const d = DEFAULT_STREAM_LIMITS;
  return {
    ...d,
    maxBufferedBytes: positive(env.RUN_STREAM_BUFFER_BYTES, 1, d.maxBufferedBytes),
    stallMs: positive(env.RUN_STREAM_STALL_SECONDS, 1000, d.stallMs),
    idleMs: positive(env.RUN_STREAM_IDLE_SECONDS, 1000, d.idleMs),
    maxLifetimeMs: positive(env.RUN_STREAM_LIFETIME_SECONDS, 1000, d.maxLifetimeMs),
    recheckMs: positive(env.RUN_STREAM_RECHECK_SECONDS, 1000, d.recheckMs),
  };
}

/** The process's stream limits, read from the environment once. */
export const runStreamLimits: Readonly<StreamLimits> = Object.freeze(streamLimitsFromEnv());
