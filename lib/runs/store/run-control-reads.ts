import "server-only";
import type { RunControl } from "../engine";
import { readRuns, runDialect } from "./run-database";
import { toControl } from "./run-records";
import { sqlAll, sqlGet } from "./run-sql";
import { batchedCalls } from "./run-batched-calls";

// The engine reads a run's stored control (an operator's pause or cancel from another process) before every step.
// On PostgreSQL each read is a round trip, so the reads that many runs make in the same turn of the event loop are
// answered by one statement; SQLite's reads take microseconds and stay one each.

// One batcher per process; each batch reads DATABASE_URL afresh, as every run store read does.
const readControls = batchedCalls(async (runIds: string[]) => {
  const rows = await readRuns(() =>
    sqlAll<{ id: string; control: string | null }>(`SELECT "id", "control" FROM "run" WHERE "id" = ANY(?)`, [runIds]),
  );
  return new Map(rows.map((row) => [row.id, toControl(row.control)]));
});

/** The run's stored control request (null for none, or for an unknown run). */
export async function readRunControl(runId: string): Promise<RunControl> {
  if (runDialect() === "sqlite") {
    const row = await readRuns(() =>
      sqlGet<{ control: string | null }>(`SELECT "control" FROM "run" WHERE "id" = ?`, [runId]),
    );
    return toControl(row?.control ?? null);
  }
  return (await readControls(runId)) ?? null;
}
