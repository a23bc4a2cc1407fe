import "server-only";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { releaseStreamSlots, refreshStreamSlots, STREAM_SLOT_REFRESH_MS, takeStreamSlot } from "./stream-slots";

/** The per-user cap of live streams as the stream routes use it (lib/events StreamLimiter is the in-process kind). */
export type SharedStreamLimiter = {
  readonly maxPerUser: number;
  tryAcquire(userId: string): Promise<(() => void) | null>;
  /** How many of `userId`'s streams this process holds open. */
  openCount(userId: string): number;
  stop(): void;
};

/**
 * The cap that holds across web server processes (issue #17): each open stream is a row, counted for every process
 * alike. This process refreshes its rows while their streams are open, so those of a process that died stop
 * counting after STREAM_SLOT_STALE_MS.
 */
export function createSharedStreamLimiter(
  maxPerUser: number,
  options: { processId?: string; refreshMs?: number; log?: Pick<Console, "error"> } = {},
): SharedStreamLimiter {
  const processId = options.processId ?? `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const log = options.log ?? console;
  const open = new Map<string, string>();
  const timer = setInterval(
    () =>
      void refreshStreamSlots([...open.keys()]).catch((error: unknown) =>
        log.error(`[events] refreshing live stream slots failed: ${String(error)}`),
      ),
    options.refreshMs ?? STREAM_SLOT_REFRESH_MS,
  );
  timer.unref?.();
  return {
    maxPerUser,
    async tryAcquire(userId) {
      const id = await takeStreamSlot(userId, processId, maxPerUser);
      if (!id) return null;
      open.set(id, userId);
      return () => {
        if (!open.delete(id)) return;
        void releaseStreamSlots([id]).catch((error: unknown) =>
          log.error(`[events] giving a live stream slot back failed: ${String(error)}`),
        );
      };
    },
    openCount: (userId) => [...open.values()].filter((owner) => owner === userId).length,
    stop: () => clearInterval(timer),
  };
}
