import "server-only";
import type { RunControl } from "../engine";
import { readRuns, runDialect } from "./run-database";
import { toControl } from "./run-records";
import { sqlAll, sqlGet } from "./run-sql";

// The engine reads a run's stored control (an operator's pause or cancel from another process) before every step.
// On PostgreSQL each read is a round trip, so the reads that many runs make in the same turn of the event loop are
// answered by one statement; SQLite's reads take microseconds and stay one each.

type Waiting = { runId: string; resolve: (control: RunControl) => void; reject: (error: unknown) => void };

let waiting: Waiting[] = [];

/** The run's stored control request (null for none, or for an unknown run). */
export function readRunControl(runId: string): Promise<RunControl> {
  if (runDialect() === "sqlite")
    return readRuns(() =>
      sqlGet<{ control: string | null }>(`SELECT "control" FROM "run" WHERE "id" = ?`, [runId]),
    ).then((row) => toControl(row?.control ?? null));
  return new Promise<RunControl>((resolve, reject) => {
    waiting.push({ runId, resolve, reject });
    if (waiting.length === 1) setImmediate(readWaiting);
  });
}

function readWaiting(): void {
  const batch = waiting;
  waiting = [];
  const ids = [...new Set(batch.map((entry) => entry.runId))];
  readRuns(() =>
    sqlAll<{ id: string; control: string | null }>(`SELECT "id", "control" FROM "run" WHERE "id" = ANY(?)`, [ids]),
  ).then(
    (rows) => {
      const controls = new Map(rows.map((row) => [row.id, toControl(row.control)]));
      for (const entry of batch) entry.resolve(controls.get(entry.runId) ?? null);
    },
    (error: unknown) => batch.forEach((entry) => entry.reject(error)),
  );
}
