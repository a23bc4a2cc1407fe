import "server-only";
import type pg from "pg";
import { translateDbError } from "../../db/core";
import {
  announce,
  executePostgres,
  retryable,
  statementName,
  transactionClient,
  writePostgresRunAlone,
  type Announcements,
} from "./run-postgres";
import type { RowBatch, SqlOp, SqlProgram } from "./run-sql";

// Group commit on PostgreSQL (issue #34, decision 0048). Writes that arrive while the process's previous group is
// committing wait for it and then share one transaction: their programs are stepped together, each statement the
// programs reach at the same point that has a batch form (run-write-batches.ts) runs once for all of them, rows as
// arrays, and the group's queue jobs and notifications go out once. A run's commit thus costs a few rows in shared
// statements instead of a transaction of its own with a round trip per statement. A group that fails (a statement's
// error, a program's own) is rolled back whole and each program is run again alone in its own transaction, so the
// one at fault fails by itself and the others commit.

/** The most programs one group holds; more wait for the next group. */
const GROUP_MAX = 256;

type Pending = {
  work: () => SqlProgram<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * How many groups of one process commit at once. Two (a write arriving while one commits goes into the next at once)
 * measured no better than one within the benchmark's noise (594 against 547 steps/s, SSE p95 106 against 86 ms) and
 * makes smaller groups on more connections; one keeps a process's writes in one order.
 */
const GROUPS_IN_FLIGHT = 1;

type Queue = { pending: Pending[]; flushing: boolean; inFlight: number };

/** A program in a group: where it is, and its value once it returned. */
type Lane = { program: SqlProgram<unknown>; at: IteratorResult<SqlOp, unknown> };

/** A row waiting for its batched statement, with the program that wrote it. */
type DeferredRow = { lane: Lane; batch: RowBatch };

// One queue per database URL and process, on globalThis (Next may load this module more than once).
const globalForGroups = globalThis as unknown as { routineStudioRunGroups?: Map<string, Queue> };
const queues = (globalForGroups.routineStudioRunGroups ??= new Map<string, Queue>());

/** Runs a program in a transaction shared with the other writes of this moment; resolved once committed. */
export function writePostgresGroup<T>(url: string, work: () => SqlProgram<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(url);
    if (!queue) queues.set(url, (queue = { pending: [], flushing: false, inFlight: 0 }));
    queue.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
    schedule(url, queue);
  });
}

/** Starts a group at the next turn of the event loop (the rest of this turn's writes join it), unless one is due. */
function schedule(url: string, queue: Queue): void {
  if (queue.flushing || queue.inFlight >= GROUPS_IN_FLIGHT || queue.pending.length === 0) return;
  queue.flushing = true;
  setImmediate(() => {
    queue.flushing = false;
    if (queue.inFlight >= GROUPS_IN_FLIGHT || queue.pending.length === 0) return;
    queue.inFlight += 1;
    void commitGroup(url, queue.pending.splice(0, GROUP_MAX)).finally(() => {
      queue.inFlight -= 1;
      schedule(url, queue);
    });
    schedule(url, queue);
  });
}

async function commitGroup(url: string, group: Pending[]): Promise<void> {
  let session: Awaited<ReturnType<typeof transactionClient>>;
  try {
    session = await transactionClient(url);
  } catch (error) {
    for (const item of group) item.reject(error);
    return;
  }
  let values: unknown[];
  try {
    await session.client.query("BEGIN");
    const announced: Announcements = { events: [], queued: [] };
    const stepped = await stepTogether(session.client, group, announced);
    values = stepped.values;
    // The last rows are on their way; the queue jobs and notifications go right behind them.
    await settleAll([stepped.written, announce(url, session.client, announced)]);
  } catch {
    await session.rollback();
    session.release();
    return fallBack(url, group);
  }
  try {
    await session.client.query("COMMIT");
  } catch (error) {
    await session.rollback();
    session.release();
    // Rolled back for certain (a lost race): run them again. Otherwise the commit may have landed: say so.
    if (retryable(error)) return fallBack(url, group);
    const translated = translateDbError(error);
    for (const item of group) item.reject(translated);
    return;
  }
  session.release();
  group.forEach((item, index) => item.resolve(values[index]));
}

/** Each program again in a transaction of its own: the one at fault fails alone. */
async function fallBack(url: string, group: Pending[]): Promise<void> {
  await Promise.all(group.map((item) => writePostgresRunAlone(url, item.work).then(item.resolve, item.reject)));
}

/**
 * Steps every program to its end in the open transaction. Announcements and batched writes need no answer and
 * are collected as the programs go; when every program waits on a read (or a write whose result it uses) the
 * collected rows are sent, then the reads right behind them on the same connection (batched reads of one kind in one
 * statement), and all are awaited at once: a round costs one wait, not one per statement. Returns the programs'
 * values and the last rows' writes, still on their way. Throws at the first error, the group's or a program's.
 */
async function stepTogether(
  client: pg.PoolClient,
  group: Pending[],
  announced: Announcements,
): Promise<{ values: unknown[]; written: Promise<unknown> }> {
  const lanes: Lane[] = group.map((item) => {
    const program = item.work();
    return { program, at: program.next() };
  });
  const queued = new Set<string>();
  for (;;) {
    const deferred: DeferredRow[] = [];
    const waiting: Array<{ lane: Lane; op: Extract<SqlOp, { sql: unknown }> }> = [];
    for (const lane of lanes) {
      while (!lane.at.done) {
        const op = lane.at.value;
        if (op.op === "notify") announced.events.push(`${op.runId} ${op.seq}`);
        else if (op.op === "enqueue") {
          if (!queued.has(op.runId)) announced.queued.push(op.runId);
          queued.add(op.runId);
        } else if (op.op === "run" && op.batch) deferred.push({ lane, batch: op.batch });
        else {
          waiting.push({ lane, op });
          break;
        }
        // A batched write is checked when its statement runs: here it counts as the one row it is.
        lane.at = lane.program.next(op.op === "run" ? 1 : undefined);
      }
    }
    const written = writeRows(client, deferred);
    if (waiting.length === 0) return { values: lanes.map((lane) => lane.at.value), written };
    const [answers] = await settleAll([
      answerAll(
        client,
        waiting.map((entry) => entry.op),
        waiting.map((entry) => entry.lane),
      ),
      written,
    ]);
    waiting.forEach((entry, index) => (entry.lane.at = entry.lane.program.next((answers as unknown[])[index])));
  }
}

/**
 * Sends every op at once (batched reads of one kind in one statement per wave, the rest each on its own; the
 * connection runs them in order) and resolves with their answers once all came back.
 */
async function answerAll(
  client: pg.PoolClient,
  ops: Array<Extract<SqlOp, { sql: unknown }>>,
  lanes: Lane[],
): Promise<unknown[]> {
  const answers: unknown[] = new Array(ops.length);
  const pending: Array<Promise<unknown>> = [];
  const batched: Array<{ index: number; lane: Lane; batch: RowBatch }> = [];
  for (const [index, op] of ops.entries()) {
    if (op.op === "get" && op.batch) batched.push({ index, lane: lanes[index]!, batch: op.batch });
    else pending.push(executePostgres(client, op, null).then((answer) => (answers[index] = answer)));
  }
  for (const wave of waves(batched))
    pending.push(
      runBatch(client, wave).then((result) => {
        const byKey = new Map((result.rows as Array<Record<string, unknown>>).map((row) => [row.__key, row]));
        for (const entry of wave) answers[entry.index] = byKey.get(entry.batch.row[0]);
      }),
    );
  await settleAll(pending);
  return answers;
}

/** Sends the collected rows, a statement per kind and wave; each must change exactly its rows. */
function writeRows(client: pg.PoolClient, rows: DeferredRow[]): Promise<unknown> {
  return settleAll(
    waves(rows).map((wave) =>
      runBatch(client, wave).then((result) => {
        const changed = result.rowCount ?? 0;
        if (changed !== wave.length)
          throw new Error(`A batched write changed ${changed} of its ${wave.length} rows (${wave[0]!.batch.key}).`);
      }),
    ),
  );
}

/**
 * Waits for every statement sent (so none is still queued on the connection when the transaction is rolled back),
 * then throws the first failure, if any.
 */
async function settleAll(promises: Array<Promise<unknown>>): Promise<unknown[]> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value);
}

/**
 * Splits rows into statements: one per kind, and more where two programs write one run (so a run's row is never
 * changed twice by one statement, and each program's rows keep their order).
 */
function waves<E extends { lane: Lane; batch: RowBatch }>(entries: E[]): E[][] {
  const statements: Array<{ key: string; writers: Map<string, Lane>; entries: E[] }> = [];
  for (const entry of entries) {
    const { key, run } = entry.batch;
    let statement = statements.find(
      (candidate) => candidate.key === key && (candidate.writers.get(run) ?? entry.lane) === entry.lane,
    );
    if (!statement) statements.push((statement = { key, writers: new Map(), entries: [] }));
    statement.writers.set(run, entry.lane);
    statement.entries.push(entry);
  }
  return statements.map((statement) => statement.entries);
}

/** Runs a wave's statement with one array per column (its rows transposed). */
function runBatch(client: pg.PoolClient, wave: Array<{ batch: RowBatch }>): Promise<pg.QueryResult> {
  const { text, row } = wave[0]!.batch;
  const values = row.map((_, column) => wave.map((entry) => entry.batch.row[column]));
  return client.query({ name: statementName(text), text, values });
}
