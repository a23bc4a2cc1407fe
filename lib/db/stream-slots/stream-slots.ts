import "server-only";
import { randomUUID } from "node:crypto";
import { prisma, withDbErrors } from "../core";

/**
 * A slot whose process has not refreshed it for this long no longer counts: the process died (a crash, a kill) and
 * its streams went with it. Processes refresh their open slots every STREAM_SLOT_REFRESH_MS.
 */
export const STREAM_SLOT_STALE_MS = 45_000;
export const STREAM_SLOT_REFRESH_MS = 15_000;

const liveSince = (now: Date) => new Date(now.getTime() - STREAM_SLOT_STALE_MS);

/**
 * Takes one of `userId`'s `maxPerUser` live-stream slots for the process `processId`: the slot's id, or null when the
 * user already holds them all, in this process or any other. The row is written first and counted after (as the
 * sign-in throttle does), so two processes taking the last slot at the same moment never both get it; at worst both
 * are refused once, and the client's retry gets it. Called for an authenticated viewer by the stream routes.
 */
export async function takeStreamSlot(
  userId: string,
  processId: string,
  maxPerUser: number,
  now = new Date(),
): Promise<string | null> {
  const id = randomUUID();
  await withDbErrors(() => prisma.streamSlot.create({ data: { id, userId, processId, heartbeatAt: now } }));
  const live = await withDbErrors(() =>
    prisma.streamSlot.count({ where: { userId, heartbeatAt: { gt: liveSince(now) } } }),
  );
  if (live <= maxPerUser) return id;
  await releaseStreamSlots([id]);
  return null;
}

/** Gives slots back (their streams closed). */
export async function releaseStreamSlots(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await withDbErrors(() => prisma.streamSlot.deleteMany({ where: { id: { in: [...ids] } } }));
}

/** Marks slots as still held by a living process, and deletes the stale slots of every process. */
export async function refreshStreamSlots(ids: readonly string[], now = new Date()): Promise<void> {
  if (ids.length > 0)
    await withDbErrors(() =>
      prisma.streamSlot.updateMany({ where: { id: { in: [...ids] } }, data: { heartbeatAt: now } }),
    );
  await withDbErrors(() => prisma.streamSlot.deleteMany({ where: { heartbeatAt: { lte: liveSince(now) } } }));
}
