import type { RunStatus } from "@/lib/events";

/** A run as the runs list shows it (dates as ISO text, for the client table). */
export type RunRowView = {
  id: string;
  routineId: string;
  routineName: string;
  versionNumber: number;
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
