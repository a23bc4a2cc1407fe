import "server-only";
import { isPostgresUrl } from "../../db/location";
import { readPostgresRuns, writePostgresRuns } from "./run-postgres";
import { readSqliteRuns, writeSqliteRuns } from "./run-sqlite";
import type { SqlProgram } from "./run-sql";

// The run store's two entry points, on whichever database DATABASE_URL names (read on every call: tests switch it).

/** Which database the run store is on now. */
export function runDialect(url = process.env.DATABASE_URL): "sqlite" | "postgres" {
  return url && isPostgresUrl(url) ? "postgres" : "sqlite";
}

/** Runs a program in one transaction: all of its writes or none; resolved once committed. */
export function writeRuns<T>(work: () => SqlProgram<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  return url && isPostgresUrl(url) ? writePostgresRuns(url, work) : writeSqliteRuns(work);
}

/** Runs a read-only program. */
export async function readRuns<T>(work: () => SqlProgram<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  return url && isPostgresUrl(url) ? readPostgresRuns(url, work) : readSqliteRuns(work);
}
