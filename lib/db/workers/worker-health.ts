import "server-only";
import { prisma, translateDbError } from "../core";
import { aliveSince } from "./worker-status";

// Unchecked reads for the public health endpoint: counts and ages only, never ids, hosts or run contents.

/** Runs one trivial query; resolves with how long the round trip took. Throws when the database cannot answer. */
export async function pingDatabase(): Promise<{ latencyMs: number }> {
  const started = performance.now();
  try {
    await prisma.$queryRaw`SELECT 1`;
  } catch (error) {
    throw translateDbError(error);
  }
  return { latencyMs: Math.round(performance.now() - started) };
}

export type QueueAndWorkers = {
  /** Runs waiting for a worker to start them. */
  queued: number;
  /** When the oldest of them was created; null when none waits. */
  oldestQueuedAt: Date | null;
  /** Workers whose last beat is recent enough to count as alive. */
  workersSeen: number;
};

/** What the health check needs to know about the queue and the workers at `now`. */
export async function readQueueAndWorkers(now: Date, heartbeatMs: number): Promise<QueueAndWorkers> {
  try {
    const [queued, oldest, workersSeen] = await Promise.all([
      prisma.run.count({ where: { status: "queued" } }),
      prisma.run.findFirst({ where: { status: "queued" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
      prisma.runWorkerProcess.count({
        where: { stoppedAt: null, heartbeatAt: { gte: aliveSince(now, heartbeatMs) } },
      }),
    ]);
    return { queued, oldestQueuedAt: oldest?.createdAt ?? null, workersSeen };
  } catch (error) {
    throw translateDbError(error);
  }
}
