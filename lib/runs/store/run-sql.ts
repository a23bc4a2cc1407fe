// The run store's statements as programs that either database runs (decision 0029). A program is a generator that
// yields each statement and receives its result: SQLite runs it synchronously inside one better-sqlite3
// transaction (the hot path stays a few microseconds per statement), PostgreSQL awaits each statement on one
// client of its pool. The logic of a commit, a claim or a control is written once, here and in its callers.

/** Positional (`?`) or named (`@name`) parameters, as better-sqlite3 takes them. */
export type SqlParams = readonly unknown[] | Readonly<Record<string, unknown>>;

/** A statement whose text differs by database (SQLite's rowid, PostgreSQL's row locks). */
export type DialectSql = { sqlite: string; postgres: string };

/**
 * How PostgreSQL's group commit may run a statement together with the same statement of other runs' programs in
 * one transaction (run-postgres-group.ts, decision 0048). Ops of one `key` become one statement, `text`, over one
 * array parameter per column (`unnest($1::text[], …)`); `row` is this op's values in that column order, and `run`
 * the run it writes (one statement never holds two programs' rows of one run). A `get` is answered by the row
 * whose "__key" column equals `row[0]`; a `run` is not waited for (its result is taken as 1 and checked when the
 * statement runs: it must change one row per op). SQLite, and a program run alone, use `sql` and `params`.
 */
export type RowBatch = { key: string; text: string; row: readonly unknown[]; run: string };

export type SqlOp =
  | { op: "get" | "all" | "run"; sql: string | DialectSql; params: SqlParams; batch?: RowBatch }
  /** PostgreSQL only: tells every web process that a run has new events (LISTEN/NOTIFY). SQLite has no listeners. */
  | { op: "notify"; runId: string; seq: number }
  /** PostgreSQL only: a job for the run on the run queue (pg-boss), in the same transaction. SQLite's workers poll. */
  | { op: "enqueue"; runId: string };

/** A run store program returning T. */
export type SqlProgram<T> = Generator<SqlOp, T, unknown>;

/** The first row, or undefined. */
export function* sqlGet<R>(
  sql: string | DialectSql,
  params: SqlParams = [],
  batch?: RowBatch,
): SqlProgram<R | undefined> {
  return (yield { op: "get", sql, params, batch }) as R | undefined;
}

/** Every row. */
export function* sqlAll<R>(sql: string | DialectSql, params: SqlParams = []): SqlProgram<R[]> {
  return (yield { op: "all", sql, params }) as R[];
}

/** Runs a write; returns how many rows it changed. */
export function* sqlRun(sql: string | DialectSql, params: SqlParams = [], batch?: RowBatch): SqlProgram<number> {
  return (yield { op: "run", sql, params, batch }) as number;
}

/** Announces a run's new last event to the other processes, once the transaction commits (PostgreSQL). */
export function* sqlNotify(runId: string, seq: number): SqlProgram<void> {
  yield { op: "notify", runId, seq };
}

/** Puts the run on the run queue for a worker to take, once the transaction commits (PostgreSQL's queue mode). */
export function* sqlEnqueue(runId: string): SqlProgram<void> {
  yield { op: "enqueue", runId };
}

/** The text of a statement for one database. */
export function sqlFor(sql: string | DialectSql, dialect: keyof DialectSql): string {
  return typeof sql === "string" ? sql : sql[dialect];
}

/**
 * Drives a program to its end, running each statement with `execute`; a statement's error is thrown into the
 * program at the statement (so its try/catch sees it) and out of it when not caught there.
 */
export function driveSync<T>(program: SqlProgram<T>, execute: (op: SqlOp) => unknown): T {
  let step = program.next();
  while (!step.done) {
    let result: unknown;
    try {
      result = execute(step.value);
    } catch (error) {
      step = program.throw(error);
      continue;
    }
    step = program.next(result);
  }
  return step.value;
}

/** driveSync for a database that answers asynchronously. */
export async function driveAsync<T>(program: SqlProgram<T>, execute: (op: SqlOp) => Promise<unknown>): Promise<T> {
  let step = program.next();
  while (!step.done) {
    let result: unknown;
    try {
      result = await execute(step.value);
    } catch (error) {
      step = program.throw(error);
      continue;
    }
    step = program.next(result);
  }
  return step.value;
}

/**
 * SQLite's statement text and parameters in PostgreSQL's form: `?` and `@name` become `$1…$n` (a name used twice
 * gets one number), skipping quoted literals and identifiers.
 */
export function toPostgres(sql: string, params: SqlParams): { text: string; values: unknown[] } {
  const named = !Array.isArray(params);
  const values: unknown[] = [];
  const numbers = new Map<string, number>();
  let text = "";
  let quote: string | null = null;
  for (let index = 0; index < sql.length; index++) {
    const char = sql[index]!;
    if (quote) {
      text += char;
      if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      text += char;
      continue;
    }
    if (char === "?" && !named) {
      values.push((params as readonly unknown[])[values.length]);
      text += `$${values.length}`;
      continue;
    }
    if (char === "@" && named) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(index + 1))?.[0];
      if (name) {
        let number = numbers.get(name);
        if (number === undefined) {
          if (!(name in params)) throw new Error(`The statement names @${name}, which it was not given.`);
          values.push((params as Record<string, unknown>)[name]);
          numbers.set(name, (number = values.length));
        }
        text += `$${number}`;
        index += name.length;
        continue;
      }
    }
    text += char;
  }
  return { text, values };
}
