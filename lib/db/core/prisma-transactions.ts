import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";

/**
 * Prisma's SQLite adapter begins transactions DEFERRED: one that has read and then writes fails at once
 * (SQLITE_BUSY_SNAPSHOT, "Operation has timed out") when another connection committed in between. Two guards:
 * - every transaction takes SQLite's write lock as it begins (what BEGIN IMMEDIATE does), so another connection
 *   that wants to write waits for it (busy timeout) instead of breaking it: the run store's own connection, and
 *   other processes on the same file (a standalone run worker, `npm run db:seed`, the browser tests' set-up service);
 * - the transactions open in this process are counted, so the run store's connection, which commits
 *   synchronously, can wait until none is open before it writes (see decision 0012).
 */
const TAKE_WRITE_LOCK = `UPDATE "_prisma_migrations" SET "id" = "id" WHERE 0`;

// On globalThis, like the Prisma client itself: Next may load this module more than once.
const counter = ((
  globalThis as { routineStudioPrismaTransactions?: { open: number } }
).routineStudioPrismaTransactions ??= { open: 0 });

/** True while a Prisma interactive or batch transaction of this process is between BEGIN and COMMIT/ROLLBACK. */
export function prismaTransactionOpen(): boolean {
  return counter.open > 0;
}

/** Wraps an adapter factory so every transaction it starts holds the write lock and is counted until it ends. */
export function countTransactions<F extends SqlDriverAdapterFactory>(factory: F): F {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => tracked(await connect());
  return factory;
}

function tracked(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const start = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => {
    const transaction = await start(...args);
    counter.open += 1;
    const counted = once(transaction);
    // SQLite only: the no-op write is SQLite's way to lock at BEGIN; other databases lock rows, not the file.
    if (adapter.provider !== "sqlite") return counted;
    try {
      await counted.executeRaw({ sql: TAKE_WRITE_LOCK, args: [], argTypes: [] });
    } catch (error) {
      // A read-only database file still serves reads; a write in this transaction then fails on its own terms.
      if (!isReadOnlyError(error)) {
        await counted.rollback();
        throw error;
      }
    }
    return counted;
  };
  return adapter;
}

function once(transaction: Transaction): Transaction {
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    counter.open -= 1;
  };
  const commit = transaction.commit.bind(transaction);
  const rollback = transaction.rollback.bind(transaction);
  transaction.commit = async () => {
    try {
      return await commit();
    } finally {
      close();
    }
  };
  transaction.rollback = async () => {
    try {
      return await rollback();
    } finally {
      close();
    }
  };
  return transaction;
}

function isReadOnlyError(error: unknown): boolean {
  const cause = (error as { cause?: { originalCode?: unknown } } | null)?.cause;
  return typeof cause?.originalCode === "string" && cause.originalCode.startsWith("SQLITE_READONLY");
}
