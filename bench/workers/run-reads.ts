import { readRuns, readTime, sqlAll } from "../../lib/runs/store/testing/run-sql-access";

// What the benchmark reads back from the run store once a batch is queued. Imported only after DATABASE_URL points
// at the bench database (lib/db and the run store open it on import).

/** The ids as SQL placeholders and their values, for `"column" IN (…)`. */
const inList = (ids: readonly string[]) => ({ sql: ids.map(() => "?").join(", "), values: [...ids] });

/** How many of `runIds` stand at each status. */
export async function statusCounts(runIds: readonly string[]): Promise<Map<string, number>> {
  const ids = inList(runIds);
  const rows = await readRuns(() =>
    sqlAll<{ status: string; runs: number | string }>(
      `SELECT "status", COUNT(*) AS "runs" FROM "run" WHERE "id" IN (${ids.sql}) GROUP BY "status"`,
      ids.values,
    ),
  );
  return new Map(rows.map((row) => [row.status, Number(row.runs)]));
}

/** Connections open to the bench database now (every process's pools, listeners and pg-boss together). */
export async function openConnections(): Promise<number> {
  const rows = await readRuns(() =>
    sqlAll<{ open: number | string }>(
      `SELECT COUNT(*) AS "open" FROM "pg_stat_activity" WHERE "datname" = current_database()`,
    ),
  );
  return Number(rows[0]?.open ?? 0);
}

/** PostgreSQL's max_connections: the server refuses connections beyond it, to all its databases together. */
export async function maxConnections(): Promise<number> {
  const rows = await readRuns(() => sqlAll<{ max: string }>(`SELECT current_setting('max_connections') AS "max"`));
  return Number(rows[0]?.max);
}

/** One run's life as its stored events tell it (commit times in ms since the epoch). */
export type RunLifecycle = {
  runId: string;
  queuedAt: number;
  /** The first run.started (a resumed run has more than one). */
  startedAt: number;
  finishedAt: number;
  status: string;
  error?: string;
};

/** The run.queued, first run.started and run.finished events of each of `runIds` that has all three. */
export async function lifecycles(runIds: readonly string[]): Promise<RunLifecycle[]> {
  const ids = inList(runIds);
  const rows = await readRuns(() =>
    sqlAll<{ runId: string; type: string; at: unknown; payload: string }>(
      `SELECT "runId", "type", "at", "payload" FROM "run_event" ` +
        `WHERE "type" IN ('run.queued', 'run.started', 'run.finished') AND "runId" IN (${ids.sql}) ORDER BY "seq"`,
      ids.values,
    ),
  );
  const byRun = new Map<string, Partial<RunLifecycle>>();
  for (const row of rows) {
    const life = byRun.get(row.runId) ?? { runId: row.runId };
    byRun.set(row.runId, life);
    const at = readTime(row.at)?.getTime() ?? Number.NaN;
    if (row.type === "run.queued") life.queuedAt = at;
    else if (row.type === "run.started") life.startedAt ??= at;
    else {
      const payload = JSON.parse(row.payload) as { status: string; error?: string };
      Object.assign(life, { finishedAt: at, status: payload.status, error: payload.error });
    }
  }
  return [...byRun.values()].filter(
    (life): life is RunLifecycle =>
      life.queuedAt !== undefined && life.startedAt !== undefined && life.finishedAt !== undefined,
  );
}
