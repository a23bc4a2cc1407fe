import "server-only";
import pg from "pg";
import type { RelayReads } from "../../events";
import { readRuns } from "./run-database";
import { RUN_EVENT_CHANNEL } from "./run-postgres";
import { sqlAll } from "./run-sql";

/** How long a listener that lost its connection waits before it connects again (doubling up to the max). */
const RECONNECT_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/** How often the PostgreSQL relay also scans for runs changed lately, in case a notification was missed. */
const SCAN_EVERY_MS = 5_000;
/** How far back each scan looks before the newest change it saw: a commit may land a little after its own time. */
const SCAN_OVERLAP_MS = 10_000;

export type RunEventListener = {
  /** The (run id, seq) pairs notified since the last call, newest seq per run. */
  drain(): Map<string, number>;
  /** True after a (re)connect until the next scan: notifications may have been missed meanwhile. */
  missedSome(): boolean;
  markScanned(): void;
  stop(): Promise<void>;
};

/**
 * Listens on `channel` on a connection of its own (a pooled one cannot hold LISTEN), calling `onPayload` for each
 * notification and `onConnected` each time the connection is (re)opened. A lost connection is opened again with
 * backoff; notifications sent meanwhile are lost, which is why callers also read the tables.
 */
export function startChannelListener(options: {
  url: string;
  channel: string;
  onPayload(payload: string): void;
  onConnected(): void;
  log?: Pick<Console, "error">;
}): { stop(): Promise<void> } {
  const log = options.log ?? console;
  let stopped = false;
  let client: pg.Client | null = null;
  let delay = RECONNECT_MS;
  let timer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 10_000 });
    next.on("notification", (message) => options.onPayload(message.payload ?? ""));
    next.on("error", () => reconnect(next));
    next.on("end", () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      log.error(`[events] listening on ${options.channel} failed; trying again: ${(error as Error).message}`);
      reconnect(next);
      return;
    }
    if (stopped) return void next.end().catch(() => undefined);
    client = next;
    delay = RECONNECT_MS;
    options.onConnected();
  }

  function reconnect(failed: pg.Client): void {
    if (stopped || timer || (client !== null && client !== failed)) return;
    client = null;
    void failed.end().catch(() => undefined);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref?.();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Listens for run events (a line `<runId> <seq>` per run a commit changed), waking the relay with `onNotice`. */
export function startRunEventListener(
  url: string,
  onNotice: () => void,
  log: Pick<Console, "error"> = console,
): RunEventListener {
  const notified = new Map<string, number>();
  let missed = true;
  const listener = startChannelListener({
    url,
    channel: RUN_EVENT_CHANNEL,
    log,
    onPayload(payload) {
      // One notification per commit: a line `<runId> <seq>` for each run it changed.
      for (const line of payload.split("\n")) {
        const [runId, seqText] = line.split(" ");
        const seq = Number(seqText);
        if (!runId || !Number.isSafeInteger(seq)) continue;
        if (seq > (notified.get(runId) ?? 0)) notified.set(runId, seq);
      }
      onNotice();
    },
    onConnected() {
      missed = true;
      onNotice();
    },
  });
  return {
    drain() {
      const drained = new Map(notified);
      notified.clear();
      return drained;
    },
    missedSome: () => missed,
    markScanned() {
      missed = false;
    },
    stop: () => listener.stop(),
  };
}

/**
 * The relay's reads on PostgreSQL. New events are known from notifications (run id and seq); the relay still
 * reads the rows themselves, which are the truth. A scan of the runs changed lately catches up on anything a
 * notification missed: every SCAN_EVERY_MS, and after the listener connected again.
 */
export function postgresRelayReads(
  listener: RunEventListener,
  eventsAfter: RelayReads["eventsAfter"],
  now = Date.now,
): RelayReads {
  let lastScan = 0;
  return {
    async lastSeqs(runIds) {
      const rows = await readRuns(() =>
        sqlAll<{ id: string; lastSeq: number }>(`SELECT "id", "lastSeq" FROM "run" WHERE "id" = ANY(?)`, [runIds]),
      );
      return new Map(rows.map((row) => [row.id, row.lastSeq]));
    },
    async changedRuns(cursor) {
      const runs = listener.drain();
      // Starting: from now on. The cursor is the newest updatedAt a scan saw (the database's own clock text).
      if (cursor === null) {
        const top = await readRuns(() => sqlAll<{ top: string | null }>(`SELECT MAX("updatedAt") AS "top" FROM "run"`));
        lastScan = now();
        listener.markScanned();
        return { runs, cursor: top[0]?.top ?? "1970-01-01 00:00:00" };
      }
      if (!listener.missedSome() && now() - lastScan < SCAN_EVERY_MS) return { runs, cursor };
      lastScan = now();
      listener.markScanned();
      const rows = await readRuns(() =>
        sqlAll<{ id: string; lastSeq: number; updatedAt: string }>(
          `SELECT "id", "lastSeq", "updatedAt" FROM "run" WHERE "updatedAt" > (?::timestamp - ?::interval)`,
          [cursor, `${SCAN_OVERLAP_MS} milliseconds`],
        ),
      );
      let next = cursor;
      for (const row of rows) {
        runs.set(row.id, Math.max(row.lastSeq, runs.get(row.id) ?? 0));
        if (row.updatedAt > next) next = row.updatedAt;
      }
      return { runs, cursor: next };
    },
    eventsAfter,
  };
}
