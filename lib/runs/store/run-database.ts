import "server-only";
import { isPostgresUrl } from "../../db/location";
import { readPostgresRuns, writePostgresRunAlone } from "./run-postgres";
import { writePostgresGroup } from "./run-postgres-group";
import { readSqliteRuns, writeSqliteRuns } from "./run-sqlite";
import type { SqlProgram } from "./run-sql";

// The run store's two entry points, on whichever database DATABASE_URL names (read on every call: tests switch it).

/** Which database the run store is on now. */
export function runDialect(url = process.env.DATABASE_URL): "sqlite" | "postgres" {
  return url && isPostgresUrl(url) ? "postgres" : "sqlite";
}

/**
 * How a write may be committed. `group`: on PostgreSQL it may share a transaction with the writes of other runs
 * made at the same moment, its statements interleaved with theirs (run-postgres-group.ts). Only programs that stay
 * right when another program's statements run between theirs ask for it: those whose every write is guarded in its
 * own statement (the engine's commit under its lease, lease renewals and releases), never a read-then-write over
 * rows another program may change (a claim by SELECT … FOR UPDATE SKIP LOCKED, an operator's control). SQLite
 * runs every write of a moment together anyway, each whole in its own savepoint.
 */
export type WriteOptions = { group?: boolean };

/** Runs a program in one transaction: all of its writes or none; resolved once committed. */
export function writeRuns<T>(work: () => SqlProgram<T>, options: WriteOptions = {}): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url || !isPostgresUrl(url)) return writeSqliteRuns(work);
  return options.group ? writePostgresGroup(url, work) : writePostgresRunAlone(url, work);
}

/** Runs a read-only program. */
export async function readRuns<T>(work: () => SqlProgram<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  return url && isPostgresUrl(url) ? readPostgresRuns(url, work) : readSqliteRuns(work);
}
