import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { translateDbError } from "../../db/core";
import { enqueueRuns, RUN_QUEUE_CHANNEL } from "./run-queue";
import { driveAsync, sqlFor, toPostgres, type SqlOp, type SqlProgram } from "./run-sql";

/** The channel every run commit notifies on PostgreSQL; the payload has a line `<runId> <seq>` per run (run-event-listen.ts). */
export const RUN_EVENT_CHANNEL = "run_event";

/** How many connections the run store's pool opens at most (RUN_DB_POOL_MAX). */
const DEFAULT_POOL_MAX = 10;
const RETRIES = 5;

// PostgreSQL's codes for a transaction that lost a race (deadlock, serialization) and was rolled back.
const RETRYABLE = new Set(["40001", "40P01"]);

// Timestamps as text, the way SQLite stores them and readTime reads them; 64-bit counts as numbers.
const TYPES = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 1114 || oid === 1184) return (value: string) => value;
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

type Holder = { url: string; pool: pg.Pool };
const globalForPool = globalThis as unknown as { routineStudioRunPool?: Holder };

/** The run store's pool for `url` (one per process; a new URL, as tests set, closes the old pool). */
export function runPool(url: string): pg.Pool {
  const current = globalForPool.routineStudioRunPool;
  if (current && current.url === url) return current.pool;
  void current?.pool.end().catch(() => undefined);
  const max = Number(process.env.RUN_DB_POOL_MAX?.trim() || NaN);
  const pool = new pg.Pool({
    connectionString: url,
    max: Number.isSafeInteger(max) && max > 0 ? max : DEFAULT_POOL_MAX,
    types: TYPES,
    connectionTimeoutMillis: 10_000,
  });
  // A connection the server dropped while idle is an event, not a crash: the next query opens a new one.
  pool.on("error", () => undefined);
  globalForPool.routineStudioRunPool = { url, pool };
  return pool;
}

/** What a transaction announces when it commits: runs with new events (`<runId> <seq>`), runs put on the queue. */
export type Announcements = { events: string[]; queued: string[] };

/** PostgreSQL refuses a notification payload of 8000 bytes or more; longer lists go in several. */
const NOTIFY_PAYLOAD_MAX = 7_900;

/** PostgreSQL's codes for a transaction that lost a race and was rolled back: it may simply be run again. */
export function retryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && RETRYABLE.has(code);
}

/**
 * Runs a program alone in one transaction on a client of the pool: all of it or nothing, resolved once committed.
 * The queue jobs it asked for are inserted in the same transaction, and its notifications sent in it, so
 * PostgreSQL delivers them only on commit. A transaction that lost a deadlock or serialization race is run again
 * from the start, a few times. (Writes normally go through the group commit, run-postgres-group.ts, which comes
 * here when a group fails.)
 */
export async function writePostgresRunAlone<T>(url: string, work: () => SqlProgram<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const session = await transactionClient(url);
    try {
      await session.client.query("BEGIN");
      const announced: Announcements = { events: [], queued: [] };
      const value = await driveAsync(work(), (op) => executePostgres(session.client, op, announced));
      await announce(url, session.client, announced);
      await session.client.query("COMMIT");
      return value;
    } catch (error) {
      await session.rollback();
      if (retryable(error) && attempt < RETRIES) continue;
      throw translateDbError(error);
    } finally {
      session.release();
    }
  }
}

/** A client of the pool for one transaction: rolled back and released safely even when its connection dropped. */
export type TransactionClient = { client: pg.PoolClient; rollback(): Promise<void>; release(): void };

export async function transactionClient(url: string): Promise<TransactionClient> {
  const client = await connect(url);
  let broken = false;
  // pg-pool takes its own listener off a client it hands out, and pg emits "error" on the client when its
  // connection drops: unheard, that ends the process. The query in flight fails by itself; the client is not
  // given back to the pool.
  const onLost = () => void (broken = true);
  client.on("error", onLost);
  return {
    client,
    async rollback() {
      await client.query("ROLLBACK").catch(() => {
        broken = true;
      });
    },
    release() {
      client.off("error", onLost);
      client.release(broken);
    },
  };
}

/** Runs a read-only program (each statement on its own, outside any transaction). */
export async function readPostgresRuns<T>(url: string, work: () => SqlProgram<T>): Promise<T> {
  const pool = runPool(url);
  try {
    return await driveAsync(work(), (op) => executePostgres(pool, op, null));
  } catch (error) {
    throw translateDbError(error);
  }
}

async function connect(url: string): Promise<pg.PoolClient> {
  try {
    return await runPool(url).connect();
  } catch (error) {
    throw translateDbError(error);
  }
}

export async function executePostgres(
  client: pg.Pool | pg.PoolClient,
  op: SqlOp,
  announced: Announcements | null,
): Promise<unknown> {
  if (op.op === "notify" || op.op === "enqueue") {
    if (!announced) throw new Error(`A read-only program cannot ${op.op}.`);
    if (op.op === "notify") announced.events.push(`${op.runId} ${op.seq}`);
    else if (!announced.queued.includes(op.runId)) announced.queued.push(op.runId);
    return undefined;
  }
  const { text, values } = toPostgres(sqlFor(op.sql, "postgres"), op.params);
  // A named statement is parsed and planned once per connection, not on every call: the run store's few dozen
  // statements run thousands of times a second, and parsing them was most of the server's work.
  const result = await client.query({ name: statementName(text), text, values });
  if (op.op === "get") return result.rows[0];
  if (op.op === "all") return result.rows;
  return result.rowCount ?? 0;
}

/**
 * Inserts the transaction's queue jobs and sends its notifications, all inside the transaction: one notification
 * per channel carrying every run, a line each (several when the lines pass PostgreSQL's payload limit), so a
 * group of a hundred commits wakes each listener once.
 */
export async function announce(url: string, client: pg.PoolClient, announced: Announcements): Promise<void> {
  await enqueueRuns(url, announced.queued, (text, values) => client.query(text, values));
  const channels: string[] = [];
  const payloads: string[] = [];
  for (const [channel, lines] of [
    [RUN_EVENT_CHANNEL, announced.events],
    [RUN_QUEUE_CHANNEL, announced.queued],
  ] as const)
    for (const payload of notificationPayloads(lines)) {
      channels.push(channel);
      payloads.push(payload);
    }
  if (channels.length === 0) return;
  await client.query({
    name: "rs_notify",
    text: `SELECT pg_notify("channel", "payload") FROM unnest($1::text[], $2::text[]) AS "n"("channel", "payload")`,
    values: [channels, payloads],
  });
}

/** Lines joined by newlines into as few payloads as PostgreSQL takes (a line is a run id and maybe a number). */
export function notificationPayloads(lines: readonly string[]): string[] {
  const payloads: string[] = [];
  let current = "";
  for (const line of lines) {
    if (current && current.length + 1 + line.length > NOTIFY_PAYLOAD_MAX) {
      payloads.push(current);
      current = "";
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) payloads.push(current);
  return payloads;
}

const statementNames = new Map<string, string>();

/** A stable name for a statement's text (its hash), remembered per text. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `rs_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}
