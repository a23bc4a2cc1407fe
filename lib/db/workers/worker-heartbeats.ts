import "server-only";
import { prisma, withDbErrors } from "../core";
import { WORKER_ROW_RETENTION_MS } from "./worker-status";

// The worker's own writes: no viewer, since a worker process acts for nobody. Only lib/runs/store calls them.

export type WorkerIdentity = {
  /** The worker's lease owner id (`<host>/<pid>/<random>`). */
  id: string;
  host: string;
  pid: number;
  concurrency: number;
};

/** Records a worker that has just started: its first beat, holding no runs. Unchecked: for the worker process only. */
export function registerRunWorker(worker: WorkerIdentity, now = new Date()): Promise<void> {
  return beatRunWorker(worker, [], now);
}

/**
 * A worker's beat: it is alive and holds `runIds`. Recreates the row if it is gone (the database was restored, or
 * the worker was cut off for longer than the retention), so a live worker never disappears from the page.
 */
export async function beatRunWorker(
  worker: WorkerIdentity,
  runIds: readonly string[],
  now = new Date(),
): Promise<void> {
  const { id, ...identity } = worker;
  const runs = JSON.stringify([...runIds]);
  await withDbErrors(() =>
    prisma.runWorkerProcess.upsert({
      where: { id },
      create: { id, ...identity, runIds: runs, startedAt: now, heartbeatAt: now },
      update: { ...identity, runIds: runs, heartbeatAt: now, stoppedAt: null },
    }),
  );
}

/** A clean stop: the worker holds no runs any more. Unchecked: for the worker process only. */
export async function markRunWorkerStopped(id: string, now = new Date()): Promise<void> {
  await withDbErrors(() =>
    prisma.runWorkerProcess.updateMany({ where: { id }, data: { runIds: "[]", heartbeatAt: now, stoppedAt: now } }),
  );
}

/** Deletes the rows of workers stopped or silent for longer than a day; returns how many. Live workers beat, so stay. */
export async function pruneRunWorkers(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WORKER_ROW_RETENTION_MS);
  const { count } = await withDbErrors(() =>
    prisma.runWorkerProcess.deleteMany({
      where: { OR: [{ stoppedAt: { lt: cutoff } }, { heartbeatAt: { lt: cutoff } }] },
    }),
  );
  return count;
}
