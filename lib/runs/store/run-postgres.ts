import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { translateDbError } from "../../db/core";
import { enqueueRuns, RUN_QUEUE_CHANNEL } from "./run-queue";
import { driveAsync, sqlFor, toPostgres, type SqlOp, type SqlProgram } from "./run-sql";

/** The channel every run commit notifies on PostgreSQL; the payload is `<runId> <seq>` (run-event-relay.ts). */
export const RUN_EVENT_CHANNEL = "run_event";

/** How many connections the run store's pool opens at most (RUN_DB_POOL_MAX). */
const DEFAULT_POOL_MAX = 10;
const RETRIES = 5;

// PostgreSQL's codes for a transaction that lost a race and may simply be run again.
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

/** What a transaction announces when it commits: runs with new events, runs put on the queue. */
type Announcements = { events: string[]; queued: string[] };

/**
 * Runs a program in one transaction on a client of the pool: all of it or nothing, resolved once committed. The
 * queue jobs it asked for are inserted in the same transaction, and its notifications sent in it, so PostgreSQL
 * delivers them only on commit. A transaction that lost a deadlock or serialization race is run again from the
 * start, a few times.
 */
export async function writePostgresRuns<T>(url: string, work: () => SqlProgram<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await connect(url);
    let broken = false;
    // pg-pool takes its own listener off a client it hands out, and pg emits "error" on the client when its
    // connection drops: unheard, that ends the process. The query in flight fails by itself; the client is not
    // given back to the pool.
    const onLost = () => void (broken = true);
    client.on("error", onLost);
    try {
      await client.query("BEGIN");
      const announced: Announcements = { events: [], queued: [] };
      const value = await driveAsync(work(), (op) => executePostgres(client, op, announced));
      await announce(url, client, announced);
      await client.query("COMMIT");
      return value;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {
        broken = true;
      });
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && RETRYABLE.has(code) && attempt < RETRIES) continue;
      throw translateDbError(error);
    } finally {
      client.off("error", onLost);
      client.release(broken);
    }
  }
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

async function executePostgres(
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

/** Inserts the transaction's queue jobs and sends its notifications, all inside the transaction. */
async function announce(url: string, client: pg.PoolClient, announced: Announcements): Promise<void> {
  await enqueueRuns(url, announced.queued, (text, values) => client.query(text, values));
  const channels = [...announced.events.map(() => RUN_EVENT_CHANNEL), ...announced.queued.map(() => RUN_QUEUE_CHANNEL)];
  if (channels.length === 0) return;
  await client.query(
    `SELECT pg_notify("channel", "payload") FROM unnest($1::text[], $2::text[]) AS "n"("channel", "payload")`,
    [channels, [...announced.events, ...announced.queued]],
  );
}

const statementNames = new Map<string, string>();

/** A stable name for a statement's text (its hash), remembered per text. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `rs_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}
