import "server-only";
import {
  runEventBus,
  startEventRelay,
  type EventRelay,
  type EventsAfter,
  type RelayReads,
  type StoredRunEvent,
} from "../../events";
import { postgresRelayReads, startRunEventListener, type RunEventListener } from "./run-event-listen";
import { storedRunEvent } from "./run-records";
import { readSqliteRuns, readTime } from "./run-sqlite";
import { readRuns, runDialect } from "./run-database";
import { sqlAll, sqlGet } from "./run-sql";

/** How often the web server reads events that runs in other processes committed (RUN_EVENT_POLL_MS). */
export const RUN_EVENT_POLL_MS = 250;

/** The relay's reads over the run store's connection (SQLite: WAL readers never wait for writers). */
export const sqliteRelayReads: RelayReads = {
  async lastSeqs(runIds) {
    return readSqliteRuns(function* () {
      const seqs = new Map<string, number>();
      for (const id of runIds) {
        const row = yield* sqlGet<{ lastSeq: number }>(`SELECT "lastSeq" FROM "run" WHERE "id" = ?`, [id]);
        if (row) seqs.set(id, row.lastSeq);
      }
      return seqs;
    });
  },
  async changedRuns(cursor) {
    // The cursor is run_event's rowid: rows get rising rowids in commit order (one writer at a time), and a range of
    // the rowid is read from the table's own B-tree, so this costs the same however many runs there are.
    return readSqliteRuns(function* () {
      const after = cursor === null ? null : Number(cursor);
      if (after === null || !Number.isSafeInteger(after)) {
        const top = yield* sqlGet<{ top: number | null }>(`SELECT MAX("rowid") AS "top" FROM "run_event"`);
        return { runs: new Map<string, number>(), cursor: String(top?.top ?? 0) };
      }
      const rows = yield* sqlAll<{ runId: string; seq: number; top: number }>(
        `SELECT "runId", MAX("seq") AS "seq", MAX("rowid") AS "top" FROM "run_event" WHERE "rowid" > ? GROUP BY "runId"`,
        [after],
      );
      const top = rows.reduce((highest, row) => Math.max(highest, row.top), after);
      return { runs: new Map(rows.map((row) => [row.runId, row.seq])), cursor: String(top) };
    });
  },
  eventsAfter: async (reads, limit) =>
    readSqliteRuns(function* () {
      const events = new Map<string, StoredRunEvent[]>();
      for (const { runId, afterSeq } of reads)
        events.set(runId, toStoredEvents(runId, yield* eventRows(runId, afterSeq, limit)));
      return events;
    }),
};

type EventRow = { seq: number; type: string; payload: string; at: unknown };

function eventRows(runId: string, afterSeq: number, limit: number) {
  return sqlAll<EventRow>(
    `SELECT "seq", "type", "payload", "at" FROM "run_event" WHERE "runId" = ? AND "seq" > ? ORDER BY "seq" LIMIT ?`,
    [runId, afterSeq, limit],
  );
}

const toStoredEvent = (runId: string, row: EventRow): StoredRunEvent =>
  storedRunEvent(runId, { ...row, at: readTime(row.at) ?? new Date(0) });
const toStoredEvents = (runId: string, rows: EventRow[]): StoredRunEvent[] =>
  rows.map((row) => toStoredEvent(runId, row));

/** A run's stored events after `afterSeq`, on either database. */
export async function readEventsAfter(runId: string, afterSeq: number, limit: number): Promise<StoredRunEvent[]> {
  return toStoredEvents(runId, await readRuns(() => eventRows(runId, afterSeq, limit)));
}

/**
 * The events of many runs after their own seqs in one PostgreSQL statement: each run's page is read by the index
 * on (runId, seq) as readEventsAfter reads it, side by side (LATERAL), so a pass of the relay is one round trip.
 */
export async function readPostgresEventsAfter(
  reads: readonly EventsAfter[],
  limit: number,
): Promise<Map<string, StoredRunEvent[]>> {
  const rows = await readRuns(() =>
    sqlAll<EventRow & { runId: string }>(
      `SELECT "v"."runId", "e"."seq", "e"."type", "e"."payload", "e"."at" ` +
        `FROM unnest(?::text[], ?::int[]) AS "v"("runId", "afterSeq") CROSS JOIN LATERAL (` +
        `SELECT "seq", "type", "payload", "at" FROM "run_event" ` +
        `WHERE "run_event"."runId" = "v"."runId" AND "run_event"."seq" > "v"."afterSeq" ORDER BY "seq" LIMIT ?` +
        `) AS "e" ORDER BY "v"."runId", "e"."seq"`,
      [reads.map((read) => read.runId), reads.map((read) => read.afterSeq), limit],
    ),
  );
  const events = new Map<string, StoredRunEvent[]>(reads.map((read) => [read.runId, []]));
  for (const row of rows) events.get(row.runId)?.push(toStoredEvent(row.runId, row));
  return events;
}

/** On PostgreSQL notifications wake the relay at once; its periodic pass is only the safety net. */
export const RUN_EVENT_POLL_MS_POSTGRES = 1_000;

// One relay per process, on globalThis: Next may load this module more than once.
const holder = globalThis as unknown as {
  routineStudioEventRelay?: EventRelay;
  routineStudioEventListener?: RunEventListener;
};

/**
 * Starts this process's event relay (once): live streams then see the events of runs that another process executes
 * (`npm run worker`, a second web server). On PostgreSQL a LISTEN connection wakes it on every commit; on SQLite
 * it reads the tables every RUN_EVENT_POLL_MS.
 */
export function startRunEventRelay(env: NodeJS.ProcessEnv = process.env): EventRelay {
  if (holder.routineStudioEventRelay) return holder.routineStudioEventRelay;
  const url = env.DATABASE_URL;
  const postgres = runDialect(url) === "postgres";
  const everyMs = Number(env.RUN_EVENT_POLL_MS?.trim() || NaN);
  let reads: RelayReads = sqliteRelayReads;
  if (postgres) {
    const listener = startRunEventListener(url!, () => holder.routineStudioEventRelay?.poke());
    holder.routineStudioEventListener = listener;
    reads = postgresRelayReads(listener, readPostgresEventsAfter);
  }
  holder.routineStudioEventRelay = startEventRelay({
    bus: runEventBus,
    reads,
    everyMs:
      Number.isSafeInteger(everyMs) && everyMs > 0
        ? everyMs
        : postgres
          ? RUN_EVENT_POLL_MS_POSTGRES
          : RUN_EVENT_POLL_MS,
    log: console,
  });
  return holder.routineStudioEventRelay;
}

/** Stops this process's relay and its listener (tests, shutdown). */
export async function stopRunEventRelay(): Promise<void> {
  holder.routineStudioEventRelay?.stop();
  holder.routineStudioEventRelay = undefined;
  const listener = holder.routineStudioEventListener;
  holder.routineStudioEventListener = undefined;
  await listener?.stop();
}
