import Database from "better-sqlite3";
import { E2E_DB_PATH } from "./env";

/** Direct access to the server's database, for states a browser cannot reach quickly (an expired session). */
export function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(E2E_DB_PATH);
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

export function expireSessionsOf(email: string): number {
  return withDatabase(
    (db) =>
      db
        .prepare(`UPDATE "session" SET "expiresAt" = ? WHERE "userId" = (SELECT id FROM "user" WHERE email = ?)`)
        .run(Date.now() - 60_000, email).changes,
  );
}
