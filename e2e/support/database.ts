import type { BrowserContext } from "@playwright/test";
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

/**
 * Expires the session this browser context is signed in with, and only that one: other tests run beside it with
 * the same user's shared session (e2e/support/auth.ts). Returns how many sessions it expired.
 */
export async function expireSessionOf(context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name.endsWith("session_token"));
  if (!cookie) return 0;
  // better-auth's cookie is "<token>.<signature>", URL-encoded; the session row keeps the token.
  const token = decodeURIComponent(cookie.value).split(".")[0];
  return withDatabase(
    (db) =>
      db.prepare(`UPDATE "session" SET "expiresAt" = ? WHERE "token" = ?`).run(Date.now() - 60_000, token).changes,
  );
}
