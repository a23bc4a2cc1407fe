import "server-only";
import { runEventBus, startEventRelay, type EventRelay, type RelayReads, type RunEvent } from "../events";
import { storedRunEvent } from "./run-records";
import { readRuns, readTime, statement } from "./run-sqlite";

/** How often the web server reads events that runs in other processes committed (RUN_EVENT_POLL_MS). */
export const RUN_EVENT_POLL_MS = 250;

/** The relay's reads over the run store's connection (SQLite: WAL readers never wait for writers). */
export const sqliteRelayReads: RelayReads = {
  async lastSeqs(runIds) {
    const read = statement(`SELECT "lastSeq" FROM "run" WHERE "id" = ?`);
    return readRuns(() => {
      const seqs = new Map<string, number>();
      for (const id of runIds) {
        const row = read.get(id) as { lastSeq: number } | undefined;
        if (row) seqs.set(id, row.lastSeq);
      }
      return seqs;
    });
  },
  async changedRuns(cursor) {
    // The cursor is run_event's rowid: rows get rising rowids in commit order (one writer at a time), and a range of
    // the rowid is read from the table's own B-tree, so this costs the same however many runs there are.
    return readRuns(() => {
      const after = cursor === null ? null : Number(cursor);
      if (after === null || !Number.isSafeInteger(after)) {
        const top = statement(`SELECT MAX("rowid") AS "top" FROM "run_event"`).get() as { top: number | null };
        return { runs: new Map<string, number>(), cursor: String(top.top ?? 0) };
      }
      const rows = statement(
        `SELECT "runId", MAX("seq") AS "seq", MAX("rowid") AS "top" FROM "run_event" WHERE "rowid" > ? GROUP BY "runId"`,
      ).all(after) as Array<{ runId: string; seq: number; top: number }>;
      const top = rows.reduce((highest, row) => Math.max(highest, row.top), after);
      return { runs: new Map(rows.map((row) => [row.runId, row.seq])), cursor: String(top) };
    });
  },
  async eventsAfter(runId, afterSeq, limit) {
    const rows = readRuns(() =>
      statement(
        `SELECT "seq", "type", "payload", "at" FROM "run_event" WHERE "runId" = ? AND "seq" > ? ORDER BY "seq" LIMIT ?`,
      ).all(runId, afterSeq, limit),
    ) as Array<{ seq: number; type: string; payload: string; at: unknown }>;
    return rows.flatMap((row) => {
      const event = storedRunEvent(runId, { ...row, at: readTime(row.at) ?? new Date(0) });
      return event ? [event] : ([] as RunEvent[]);
    });
  },
};

// One relay per process, on globalThis: Next may load this module more than once.
const holder = globalThis as unknown as { routineStudioEventRelay?: EventRelay };

/**
 * Starts this process's event relay (once): live streams then see the events of runs that another process executes
 * (`npm run worker`, a second web server). RUN_EVENT_POLL_MS sets how often it reads the tables.
 */
export function startRunEventRelay(env: NodeJS.ProcessEnv = process.env): EventRelay {
  const everyMs = Number(env.RUN_EVENT_POLL_MS?.trim() || NaN);
  holder.routineStudioEventRelay ??= startEventRelay({
    bus: runEventBus,
    reads: sqliteRelayReads,
    everyMs: Number.isSafeInteger(everyMs) && everyMs > 0 ? everyMs : RUN_EVENT_POLL_MS,
    log: console,
  });
  return holder.routineStudioEventRelay;
}

/** Stops this process's relay (tests, shutdown). */
export function stopRunEventRelay(): void {
  holder.routineStudioEventRelay?.stop();
  holder.routineStudioEventRelay = undefined;
}
