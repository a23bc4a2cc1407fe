import "server-only";
import { requireRole, type Viewer } from "../../access";
import { prisma, withDbErrors } from "../core";
import { heartbeatMsFrom, workerStatus, type RunWorkerStatus } from "./worker-status";

export type RunWorkerView = {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  status: RunWorkerStatus;
  /** The runs it held at its last beat (none once stopped). */
  runIds: string[];
  startedAt: Date;
  heartbeatAt: Date;
  stoppedAt: Date | null;
};

/** A stored run id list; anything else (a hand-edited row) reads as none rather than breaking the page. */
function parseRunIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

const ORDER: Record<RunWorkerStatus, number> = { alive: 0, lost: 1, stopped: 2 };

/**
 * The run workers seen in the last day, each with its derived status (alive, lost, stopped): alive first, then by
 * last beat, newest first. Admins only (ForbiddenError for the others): hosts and pids are for operators of the
 * installation.
 */
export async function listRunWorkers(
  viewer: Viewer | null,
  options: { now?: Date; heartbeatMs?: number } = {},
): Promise<RunWorkerView[]> {
  requireRole(viewer, "admin");
  const now = options.now ?? new Date();
  const heartbeatMs = options.heartbeatMs ?? heartbeatMsFrom();
  const rows = await withDbErrors(() => prisma.runWorkerProcess.findMany({ orderBy: { heartbeatAt: "desc" } }));
  return rows
    .map((row) => ({
      id: row.id,
      host: row.host,
      pid: row.pid,
      concurrency: row.concurrency,
      status: workerStatus(row, now, heartbeatMs),
      runIds: row.stoppedAt ? [] : parseRunIds(row.runIds),
      startedAt: row.startedAt,
      heartbeatAt: row.heartbeatAt,
      stoppedAt: row.stoppedAt,
    }))
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || b.heartbeatAt.getTime() - a.heartbeatAt.getTime());
}
