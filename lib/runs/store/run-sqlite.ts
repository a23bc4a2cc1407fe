import "server-only";
import Database from "better-sqlite3";
import { resolveSqlitePath } from "../../db/location";
import { prismaTransactionOpen, translateDbError } from "../../db/core";
import { startCheckpointer, type Checkpointer } from "./run-checkpointer";
import { driveSync, sqlFor, type SqlOp, type SqlProgram } from "./run-sql";

/** SQLite's default automatic checkpoint, restored when the checkpoint thread is lost. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * The run store's own connection to the app's SQLite file. The engine's hot path (one transaction per state
 * change) runs as prepared statements in a synchronous better-sqlite3 transaction: a Prisma query costs about a
 * millisecond here, a prepared statement a few microseconds (decision 0012). Everything else uses Prisma.
 */
type Holder = {
  url: string | undefined;
  path: string;
  db: Database.Database;
  statements: Map<string, Database.Statement>;
  checkpointer: Checkpointer | null;
};

const globalForRunDb = globalThis as unknown as { routineStudioRunDb?: Holder };

function holder(): Holder {
  const current = globalForRunDb.routineStudioRunDb;
  // Every statement asks: compare the URL as set before resolving it to a path (resolving costs more than a commit's
  // statements on the hot path).
  const url = process.env.DATABASE_URL;
  if (current && current.url === url && current.db.open) return current;
  const path = resolveSqlitePath(url);
  if (current && current.path === path && current.db.open) {
    current.url = url;
    return current;
  }
  // Another database now (tests switch DATABASE_URL): the old file's checkpoint thread is not needed any more.
  void current?.checkpointer?.stop();
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  // Only another process can hold the lock for long (in-process, see writeRuns); wait for it rather than fail.
  db.pragma("busy_timeout = 5000");
  // In WAL mode NORMAL survives a killed process (the test kills one); a power cut may lose the last commits,
  // and a run then resumes from an earlier step with the same idempotency keys.
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  // Checkpoints run on their own thread, not inside this connection's commits (run-checkpointer.ts).
  const checkpointer = startCheckpointer(path, () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  });
  if (checkpointer) db.pragma("wal_autocheckpoint = 0");
  const next = { url, path, db, statements: new Map<string, Database.Statement>(), checkpointer };
  globalForRunDb.routineStudioRunDb = next;
  return next;
}

/** The run store's connection (opened on first use, for the current DATABASE_URL). */
export function runDb(): Database.Database {
  return holder().db;
}

/** A prepared statement, compiled once per connection and SQL text. */
export function statement(sql: string): Database.Statement {
  const { db, statements } = holder();
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const MAX_GATE_WAIT_MS = 10_000;
const BUSY_RETRIES = 5;

type Pending = {
  work: () => SqlProgram<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  attempts: number;
};

// Writes waiting for the next flush. On globalThis with the connection: one queue per process.
const globalForQueue = globalThis as unknown as { routineStudioRunWrites?: { pending: Pending[]; scheduled: boolean } };
const queue = (globalForQueue.routineStudioRunWrites ??= { pending: [], scheduled: false });

/**
 * Runs a program in a transaction on the run store's SQLite connection: all of it or nothing, resolved once it is
 * committed. Writes requested in the same turn of the event loop (many runs committing at once) are committed
 * together, each in its own savepoint, so one that throws rolls back alone and the commit's cost is shared (group
 * commit). A flush first waits (without blocking the event loop) until no Prisma transaction of this process is
 * open, so it never commits in the middle of one; a database busy in another process is retried a few times before
 * its error is thrown.
 */
export function writeSqliteRuns<T>(work: () => SqlProgram<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.pending.push({ work, resolve: resolve as (value: unknown) => void, reject, attempts: 0 });
    schedule(0);
  });
}

function schedule(delayMs: number): void {
  if (queue.scheduled) return;
  queue.scheduled = true;
  const run = () => void flush();
  if (delayMs > 0) setTimeout(run, delayMs);
  else setImmediate(run);
}

async function flush(): Promise<void> {
  const waitUntil = Date.now() + MAX_GATE_WAIT_MS;
  while (prismaTransactionOpen() && Date.now() < waitUntil) await sleep(1);
  const batch = queue.pending.splice(0);
  queue.scheduled = false;
  if (batch.length === 0) return;
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    const db = runDb();
    db.transaction(() => {
      // One write alone needs no savepoint: if it throws, the whole transaction (only it) is rolled back.
      if (batch.length === 1) {
        outcomes.push({ ok: true, value: runSqliteProgram(batch[0]!.work()) });
        return;
      }
      for (const item of batch) {
        try {
          outcomes.push({ ok: true, value: db.transaction(() => runSqliteProgram(item.work()))() });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    }).immediate();
  } catch (error) {
    const retry = isBusy(error) ? batch.filter((item) => ++item.attempts <= BUSY_RETRIES) : [];
    for (const item of batch) if (!retry.includes(item)) item.reject(translateDbError(error));
    if (retry.length > 0) {
      queue.pending.unshift(...retry);
      schedule(10 * 2 ** Math.min(...retry.map((item) => item.attempts)));
    }
    return;
  }
  batch.forEach((item, index) => {
    const outcome = outcomes[index]!;
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(translateDbError(outcome.error));
  });
}

/** Runs a read-only program on the run store's connection (WAL readers neither wait for nor block writers). */
export function readSqliteRuns<T>(work: () => SqlProgram<T>): T {
  try {
    return runSqliteProgram(work());
  } catch (error) {
    throw translateDbError(error);
  }
}

/** Runs each statement of a program with its prepared statement, synchronously. */
function runSqliteProgram<T>(program: SqlProgram<T>): T {
  return driveSync(program, executeSqlite);
}

function executeSqlite(op: SqlOp): unknown {
  if (op.op === "notify" || op.op === "enqueue") return undefined;
  const prepared = statement(sqlFor(op.sql, "sqlite"));
  const params = op.params as unknown[];
  if (op.op === "get") return Array.isArray(params) ? prepared.get(...params) : prepared.get(params);
  if (op.op === "all") return Array.isArray(params) ? prepared.all(...params) : prepared.all(params);
  return (Array.isArray(params) ? prepared.run(...params) : prepared.run(params)).changes;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** A Date as Prisma writes DateTime columns to SQLite, so Prisma reads what this store wrote and vice versa. */
export function sqlTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

/** A DateTime column as stored by Prisma (ISO text, or epoch milliseconds) or by this store. */
export function readTime(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(
    typeof value === "string" && !value.includes("T") ? `${value.replace(" ", "T")}Z` : (value as string | number),
  );
  return Number.isNaN(date.getTime()) ? null : date;
}
