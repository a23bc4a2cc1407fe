import type { RunStatus } from "@/lib/events";

/** A run as the runs list shows it (dates as ISO text, for the client table). */
export type RunRowView = {
  id: string;
  /** Null for a planned run: it follows no routine, and the list shows its request instead. */
  routineId: string | null;
  routineName: string;
  versionNumber: number | null;
  /** The request the run was started from, if any (a planned run always has one). */
  request: string | null;
  status: RunStatus;
  source: string;
  startedBy: string | null;
  isSubRun: boolean;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  tokens: number;
  error: string | null;
};
