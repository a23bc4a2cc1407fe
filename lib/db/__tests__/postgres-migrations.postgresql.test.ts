// The PostgreSQL migration runner against the real test server (TEST_POSTGRES_URL, default the machine's own). Each
// test gets its own database; without a server these tests fail, loudly, rather than skip.
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestPostgresDatabase, type TestPostgresDatabase } from "../testing/postgres-database";
import { applyPostgresMigrations, migrateDatabase, MigrationError, postgresMigrationsDirectory } from "../migrations";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../../..");
const PROJECT_MIGRATIONS = postgresMigrationsDirectory(PROJECT_ROOT);
const COMMITTED = readdirSync(PROJECT_MIGRATIONS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const APP_TABLES = ["account", "audit_log", "routine", "run", "session", "user", "user_role"];

const scratch = mkdtempSync(path.join(tmpdir(), "routine-studio-pg-migrations-"));
const databases: TestPostgresDatabase[] = [];
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await Promise.all(databases.map((database) => database.drop()));
});

/** A new empty database on the test server, dropped after this file. */
async function freshDatabase(): Promise<string> {
  const database = await createTestPostgresDatabase("rs_migrations");
  databases.push(database);
  return database.url;
}

/** Runs one query on a connection of its own, so nothing the code under test holds is reused. */
async function query<Row extends pg.QueryResultRow = Record<string, unknown>>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

const historyIn = (url: string) =>
  query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    url,
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name, started_at`,
  );
const tablesIn = async (url: string) =>
  (await query<{ name: string }>(url, `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`))
    .map((row) => row.name)
    .sort();
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let counter = 0;
/** A migrations folder in Prisma's layout: one `<name>/migration.sql` per entry. */
function makeMigrations(migrations: Record<string, string>): string {
  const dir = path.join(scratch, `case-${++counter}`);
  for (const [name, sql] of Object.entries(migrations)) {
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

/** The error `promise` rejects with; fails the test when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error("expected an error, but none was thrown");
    },
    (error: Error) => error,
  );
}

describe("applying the project's PostgreSQL migrations", () => {
  it("migrateDatabase with a postgresql URL creates every table and records each migration with its checksum", async () => {
    const url = await freshDatabase();

    const outcome = await migrateDatabase({ url, projectRoot: PROJECT_ROOT });

    expect(outcome).toMatchObject({ provider: "postgresql", applied: COMMITTED, alreadyApplied: 0 });
    expect(outcome.location).not.toContain("://");
    expect(await tablesIn(url)).toEqual(expect.arrayContaining([...APP_TABLES, "_prisma_migrations"]));
    const history = await historyIn(url);
    expect(history.map((row) => row.migration_name)).toEqual(COMMITTED);
    for (const row of history) {
      const sql = readFileSync(path.join(PROJECT_MIGRATIONS, row.migration_name, "migration.sql"), "utf8");
      expect(row.checksum).toBe(sha256(sql));
      expect(row.finished_at).toBeInstanceOf(Date);
    }

    const again = await migrateDatabase({ url: url.replace(/^postgresql:/, "postgres:"), projectRoot: PROJECT_ROOT });
    expect(again).toMatchObject({ applied: [], alreadyApplied: COMMITTED.length });
    expect(await historyIn(url)).toEqual(history);
  });

  it("two processes starting together apply each migration once", async () => {
    const url = await freshDatabase();

    const [first, second] = await Promise.all([
      applyPostgresMigrations(url, PROJECT_MIGRATIONS),
      applyPostgresMigrations(url, PROJECT_MIGRATIONS),
    ]);

    expect([...first.applied, ...second.applied].sort()).toEqual(COMMITTED);
    expect(first.applied.length === 0 || second.applied.length === 0).toBe(true);
    expect((await historyIn(url)).map((row) => row.migration_name)).toEqual(COMMITTED);
  });
});

describe("a PostgreSQL migration edited after it was applied", () => {
  it("stops the next apply with an error naming the migration, and runs nothing of it", async () => {
    const migrations = path.join(scratch, "edited");
    cpSync(PROJECT_MIGRATIONS, migrations, { recursive: true });
    const url = await freshDatabase();
    await applyPostgresMigrations(url, migrations);

    const [first] = COMMITTED;
    const file = path.join(migrations, first, "migration.sql");
    writeFileSync(file, `${readFileSync(file, "utf8")}\nCREATE TABLE "sneaky" ("id" TEXT);\n`);

    const error = await rejectionOf(applyPostgresMigrations(url, migrations));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toContain(`Migration ${first} was changed after it was applied`);
    expect(error.message).toContain("npm run db:migration:new");
    expect(await tablesIn(url)).not.toContain("sneaky");
  });
});

describe("PostgreSQL migration order and atomicity", () => {
  it("applies in name order, rolls a failing migration back completely and names it, keeping the ones before", async () => {
    const migrations = makeMigrations({
      "20250303000000_broken": `CREATE TABLE "half_done" ("id" TEXT);\nINSERT INTO "no_such_table" VALUES (1);`,
      "20250101000000_create_person": `CREATE TABLE "person" ("id" TEXT PRIMARY KEY);`,
      "20250202000000_add_email": `ALTER TABLE "person" ADD COLUMN "email" TEXT;`,
    });
    const url = await freshDatabase();

    const error = await rejectionOf(applyPostgresMigrations(url, migrations));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(
      /Migration 20250303000000_broken failed on .*: relation "no_such_table" does not exist/,
    );
    expect(await tablesIn(url)).not.toContain("half_done");
    expect((await historyIn(url)).map((row) => row.migration_name)).toEqual([
      "20250101000000_create_person",
      "20250202000000_add_email",
    ]);
    const columns = await query<{ column_name: string }>(
      url,
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'person' ORDER BY ordinal_position`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(["id", "email"]);
  });
});

describe("a PostgreSQL database that cannot be used", () => {
  const serverUrl = new URL(process.env.TEST_POSTGRES_URL?.trim() || "postgresql://postgres@127.0.0.1:5432/postgres");
  const withChanges = (change: (url: URL) => void) => {
    const url = new URL(serverUrl);
    change(url);
    return url.toString();
  };

  it("a port where no server listens: says the server cannot be reached, and where", async () => {
    const url = withChanges((u) => {
      u.hostname = "127.0.0.1";
      u.port = "1";
    });
    const error = await rejectionOf(migrateDatabase({ url, projectRoot: PROJECT_ROOT }));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(/cannot reach the PostgreSQL server at 127\.0\.0\.1:1 .*host and port/);
  });

  it("an unknown host: says the host name is unknown", async () => {
    const url = withChanges((u) => {
      u.hostname = "no-such-host.invalid";
    });
    const error = await rejectionOf(migrateDatabase({ url, projectRoot: PROJECT_ROOT }));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(/the host "no-such-host\.invalid" in DATABASE_URL is unknown/);
  });

  it("a database that does not exist: says so and how to create it", async () => {
    const url = withChanges((u) => {
      u.pathname = "/rs_never_created";
    });
    const error = await rejectionOf(migrateDatabase({ url, projectRoot: PROJECT_ROOT }));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toContain(`the database "rs_never_created" does not exist`);
    expect(error.message).toMatch(/createdb .*rs_never_created/);
    expect(error.message).toContain(`CREATE DATABASE "rs_never_created";`);
  });

  it("a user the server does not let in: says the credentials were refused, without the password", async () => {
    const url = withChanges((u) => {
      u.username = "rs_no_such_user";
      u.password = "s3cret-pass";
    });
    const error = await rejectionOf(migrateDatabase({ url, projectRoot: PROJECT_ROOT }));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(/refused to let user "rs_no_such_user" in .*Check the user name and password/);
    expect(error.message).not.toContain("s3cret-pass");
  });
});
