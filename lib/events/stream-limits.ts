/**
 * Counts open streams per user so one user (a runaway script, a browser with a hundred tabs) cannot hold every
 * connection of the server. `tryAcquire` returns a release function that is safe to call more than once: streams
 * end by several paths (finished, client gone, cancelled, failed) and each may call it.
 */
export class StreamLimiter {
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

/** Open run streams one user may hold at once (`RUN_STREAMS_PER_USER`, default 20). */
export function streamsPerUser(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.RUN_STREAMS_PER_USER);
  return Number.isInteger(value) && value > 0 ? value : 20;
}

const globalForLimits = globalThis as unknown as { routineStudioStreamLimiter?: StreamLimiter };

/** The process's one limiter, shared by the run stream and the runs-list stream. */
export const runStreamLimiter: StreamLimiter = (globalForLimits.routineStudioStreamLimiter ??= new StreamLimiter(
  streamsPerUser(),
));
