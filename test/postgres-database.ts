// Test databases on the PostgreSQL test server. Kept in test/ so the postgresql project's set-up file can use it;
// tests under lib/ reach it through lib/db/testing/postgres-database.ts.
import { randomUUID } from "node:crypto";
import pg from "pg";

/** The test server's admin URL: TEST_POSTGRES_URL, else the machine's own server (user postgres, trust auth). */
export const TEST_POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL?.trim() || "postgresql://postgres@127.0.0.1:5432/postgres";

export type TestPostgresDatabase = {
  /** The database's name on the server. */
  name: string;
  /** The new database's URL (same server and credentials as the admin URL). */
  url: string;
  /** Drops the database, closing any connection still open on it (WITH (FORCE)). Safe to call twice. */
  drop(): Promise<void>;
};

/**
 * Creates a database with a unique name on the test PostgreSQL server: empty, or a copy of `template` (a database
 * nobody is connected to, such as the migrated one of test/global-setup-postgres.ts). When the server cannot be
 * reached it throws, saying loudly that the PostgreSQL suite cannot run: a missing server must fail CI, never skip.
 */
export async function createTestPostgresDatabase(
  prefix = "rs_test",
  options: { template?: string } = {},
): Promise<TestPostgresDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const template = options.template ? ` TEMPLATE "${options.template}"` : "";
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"${template}`));
  let dropped = false;
  return {
    name,
    url: testPostgresUrl(name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** The URL of database `name` on the test server (same credentials as the admin URL). */
function testPostgresUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  admin.on("error", () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    const reason = (error as Error).message || (error as { code?: string }).code || String(error);
    throw new Error(
      `\n\n*** THE POSTGRESQL TEST SUITE CANNOT RUN ***\n` +
        `No PostgreSQL server answers at ${redacted(TEST_POSTGRES_ADMIN_URL)} (${reason}).\n` +
        `Start one (user postgres, trust auth, as on the CI machine), or point TEST_POSTGRES_URL at a server where ` +
        `this user may create databases. These tests fail rather than skip, so CI cannot pass without PostgreSQL.\n`,
      { cause: error },
    );
  }
  try {
    return await work(admin);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "TEST_POSTGRES_URL";
  }
}
