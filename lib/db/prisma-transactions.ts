import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";

/**
 * Counts the Prisma transactions open in this process, so the run store's own SQLite connection can wait for
 * them to end before it writes. Prisma's SQLite adapter begins transactions DEFERRED: one that has read and
 * then writes fails (SQLITE_BUSY_SNAPSHOT, "Operation has timed out") when another connection committed in
 * between. The run store commits synchronously, so waiting until no Prisma transaction is open means none can
 * be caught mid-way (see decision 0012).
 */
// On globalThis, like the Prisma client itself: Next may load this module more than once.
const counter = ((globalThis as { routineStudioPrismaTransactions?: { open: number } }).routineStudioPrismaTransactions ??= { open: 0 });

/** True while a Prisma interactive or batch transaction of this process is between BEGIN and COMMIT/ROLLBACK. */
export function prismaTransactionOpen(): boolean {
  return counter.open > 0;
}

/** Wraps an adapter factory so every transaction it starts is counted until it commits or rolls back. */
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
    return once(transaction);
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
