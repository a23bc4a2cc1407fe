import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseConfigError } from "../../location";
import { applySqliteMigrations, describeSqliteError, MigrationError } from "../apply-migrations";
import { migrateDatabase, migrationsDirectory } from "../migrate-database";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../../../..");
const PROJECT_MIGRATIONS = migrationsDirectory(PROJECT_ROOT);
const APP_TABLES = ["account", "audit_log", "invitation", "session", "user", "user_role", "verification"];
/** The committed migration folders, read straight from disk. */
const COMMITTED = readdirSync(PROJECT_MIGRATIONS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const scratch = mkdtempSync(path.join(tmpdir(), "routine-studio-migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let counter = 0;
/** A fresh empty folder under this file's scratch space. */
function tempDir(): string {
  const dir = path.join(scratch, `case-${++counter}`);
  mkdirSync(dir);
  return dir;
}

/** A database path whose folder can never be created, because a regular file sits where a parent folder should be. */
function pathUnderAFile(): string {
  const dir = tempDir();
  writeFileSync(path.join(dir, "afile"), "not a folder");
  return path.join(dir, "afile", "sub", "db.sqlite");
}

/** A migrations folder in Prisma's layout: one `<name>/migration.sql` per entry. */
function makeMigrations(migrations: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, sql] of Object.entries(migrations)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

/** Runs one query on a read-only connection of its own, so nothing the code under test holds is reused. */
function query<Row = Record<string, unknown>>(dbPath: string, sql: string): Row[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as Row[];
  } finally {
    db.close();
  }
}

type HistoryRow = { migration_name: string; checksum: string; finished_at: number | null };
const historyIn = (dbPath: string) =>
  query<HistoryRow>(
    dbPath,
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
  );
const tablesIn = (dbPath: string) =>
  query<{ name: string }>(dbPath, `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).map(
    (row) => row.name,
  );
const schemaOf = (dbPath: string) => query(dbPath, `SELECT type, name, sql FROM sqlite_master ORDER BY name`);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The error `run` throws; fails the test when it throws nothing. */
function errorFrom(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error, but none was thrown");
}

describe("applying the project's migrations", () => {
  it("creates every table on an empty database and records each migration with its checksum", () => {
    const dbPath = path.join(tempDir(), "app.db");
    const result = applySqliteMigrations(dbPath, PROJECT_MIGRATIONS);

    expect(result).toEqual({ applied: COMMITTED, alreadyApplied: 0 });
    expect(tablesIn(dbPath)).toEqual(expect.arrayContaining([...APP_TABLES, "_prisma_migrations"]));
    const history = historyIn(dbPath);
    expect(history.map((row) => row.migration_name)).toEqual(COMMITTED);
    for (const row of history) {
      const sql = readFileSync(path.join(PROJECT_MIGRATIONS, row.migration_name, "migration.sql"), "utf8");
      expect(row.checksum).toBe(sha256(sql));
      expect(row.finished_at).not.toBeNull();
    }
  });

  it("applies nothing and changes nothing the second time", () => {
    const dbPath = path.join(tempDir(), "app.db");
    applySqliteMigrations(dbPath, PROJECT_MIGRATIONS);
    const schemaBefore = schemaOf(dbPath);
    const historyBefore = historyIn(dbPath);

    expect(applySqliteMigrations(dbPath, PROJECT_MIGRATIONS)).toEqual({
      applied: [],
      alreadyApplied: COMMITTED.length,
    });
    expect(schemaOf(dbPath)).toEqual(schemaBefore);
    expect(historyIn(dbPath)).toEqual(historyBefore);
  });
});

describe("a migration edited after it was applied", () => {
  it("stops the next apply with an error naming the migration", () => {
    const migrations = tempDir();
    cpSync(PROJECT_MIGRATIONS, migrations, { recursive: true });
    const dbPath = path.join(tempDir(), "app.db");
    applySqliteMigrations(dbPath, migrations);

    const [first] = COMMITTED;
    const file = path.join(migrations, first, "migration.sql");
    writeFileSync(file, `${readFileSync(file, "utf8")}\nCREATE TABLE "sneaky" ("id" TEXT);\n`);

    const error = errorFrom(() => applySqliteMigrations(dbPath, migrations));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toContain(`Migration ${first} was changed after it was applied`);
    expect(error.message).toContain("npm run db:migration:new");
    expect(tablesIn(dbPath)).not.toContain("sneaky");
  });
});

describe("migration order and atomicity", () => {
  it("applies migrations in name order, whatever order their folders were written in", () => {
    const migrations = makeMigrations({
      "20250202000000_add_email": `ALTER TABLE "person" ADD COLUMN "email" TEXT;`,
      "20250101000000_create_person": `CREATE TABLE "person" ("id" TEXT PRIMARY KEY);`,
    });
    const dbPath = path.join(tempDir(), "app.db");

    expect(applySqliteMigrations(dbPath, migrations).applied).toEqual([
      "20250101000000_create_person",
      "20250202000000_add_email",
    ]);
    const columns = query<{ name: string }>(dbPath, `PRAGMA table_info("person")`);
    expect(columns.map((column) => column.name)).toEqual(["id", "email"]);
  });

  it("rolls a failing migration back completely and names it, keeping the ones before it", () => {
    const migrations = makeMigrations({
      "20250101000000_good": `CREATE TABLE "good" ("id" TEXT);`,
      "20250202000000_broken": `CREATE TABLE "half_done" ("id" TEXT);\nINSERT INTO "no_such_table" VALUES (1);`,
    });
    const dbPath = path.join(tempDir(), "app.db");

    const error = errorFrom(() => applySqliteMigrations(dbPath, migrations));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(/Migration 20250202000000_broken failed.*no_such_table/);
    expect(tablesIn(dbPath)).toContain("good");
    expect(tablesIn(dbPath)).not.toContain("half_done");
    expect(historyIn(dbPath).map((row) => row.migration_name)).toEqual(["20250101000000_good"]);
  });

  it("applies a fixed migration on the next run", () => {
    const migrations = makeMigrations({
      "20250101000000_broken": `CREATE TABLE "t" ("id" TEXT); SELECT * FROM "missing";`,
    });
    const dbPath = path.join(tempDir(), "app.db");
    expect(() => applySqliteMigrations(dbPath, migrations)).toThrow(MigrationError);

    writeFileSync(path.join(migrations, "20250101000000_broken", "migration.sql"), `CREATE TABLE "t" ("id" TEXT);`);
    expect(applySqliteMigrations(dbPath, migrations).applied).toEqual(["20250101000000_broken"]);
    expect(tablesIn(dbPath)).toContain("t");
  });

  it("skips folders without a migration.sql and loose files such as migration_lock.toml", () => {
    const migrations = makeMigrations({ "20250101000000_only": `CREATE TABLE "only" ("id" TEXT);` });
    mkdirSync(path.join(migrations, "20250202000000_empty_folder"));
    writeFileSync(path.join(migrations, "migration_lock.toml"), 'provider = "sqlite"\n');

    expect(applySqliteMigrations(path.join(tempDir(), "app.db"), migrations).applied).toEqual(["20250101000000_only"]);
  });

  it("refuses a migrations folder that does not exist", () => {
    const missing = path.join(scratch, "no-such-folder");
    expect(() => applySqliteMigrations(path.join(tempDir(), "app.db"), missing)).toThrow(/Migrations folder not found/);
  });
});

describe("foreign keys during migrations", () => {
  const PARENT_AND_CHILD = `CREATE TABLE "parent" ("id" TEXT PRIMARY KEY, "name" TEXT NOT NULL);
CREATE TABLE "child" ("id" TEXT PRIMARY KEY, "parentId" TEXT NOT NULL REFERENCES "parent" ("id") ON DELETE CASCADE);
INSERT INTO "parent" VALUES ('p1', 'Ada');
INSERT INTO "child" VALUES ('c1', 'p1');`;
  // What `prisma migrate diff` writes for most column changes on SQLite (here: making "name" optional).
  const REDEFINE_PARENT = `PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_parent" ("id" TEXT PRIMARY KEY, "name" TEXT);
INSERT INTO "new_parent" ("id", "name") SELECT "id", "name" FROM "parent";
DROP TABLE "parent";
ALTER TABLE "new_parent" RENAME TO "parent";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;`;

  /** A database holding one parent row and one child row that cascades from it, plus a later migration. */
  function applyAfterData(name: string, sql: string) {
    const migrations = makeMigrations({ "20250101000000_init": PARENT_AND_CHILD });
    const dbPath = path.join(tempDir(), "app.db");
    applySqliteMigrations(dbPath, migrations);
    mkdirSync(path.join(migrations, name));
    writeFileSync(path.join(migrations, name, "migration.sql"), sql);
    return { dbPath, run: () => applySqliteMigrations(dbPath, migrations) };
  }
  const rowsOf = (dbPath: string, table: string) => query(dbPath, `SELECT * FROM "${table}"`);

  it("redefining a table keeps the rows that point at it instead of cascading the delete", () => {
    const { dbPath, run } = applyAfterData("20250202000000_optional_name", REDEFINE_PARENT);

    expect(run().applied).toEqual(["20250202000000_optional_name"]);
    expect(rowsOf(dbPath, "parent")).toEqual([{ id: "p1", name: "Ada" }]);
    expect(rowsOf(dbPath, "child")).toEqual([{ id: "c1", parentId: "p1" }]);
  });

  it("refuses a redefinition that would leave rows pointing at nothing, and changes nothing", () => {
    const lossy = REDEFINE_PARENT.replace(/^INSERT INTO "new_parent".*$/m, "");
    const { dbPath, run } = applyAfterData("20250202000000_lossy_redefine", lossy);

    const error = errorFrom(run);
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(/20250202000000_lossy_redefine was not applied.*"child".*"parent"/);
    expect(rowsOf(dbPath, "parent")).toHaveLength(1);
    expect(historyIn(dbPath).map((row) => row.migration_name)).toEqual(["20250101000000_init"]);
  });

  it("keeps foreign keys on for other migrations, so a data migration's delete cascades as written", () => {
    const { dbPath, run } = applyAfterData("20250202000000_drop_parents", `DELETE FROM "parent";`);

    expect(run().applied).toEqual(["20250202000000_drop_parents"]);
    expect(rowsOf(dbPath, "child")).toEqual([]);
  });
});

describe("a database that cannot be written", () => {
  it("explains SQLite's read-only error and how to fix it", () => {
    const sentence = describeSqliteError({ code: "SQLITE_READONLY", message: "attempt to write a readonly database" });
    expect(sentence).toContain("read-only");
    expect(sentence).toContain("attempt to write a readonly database");
    expect(sentence).toMatch(/write access to the file and its folder/);
  });

  it("describes any other thrown value by its message", () => {
    expect(describeSqliteError(new Error("disk I/O error"))).toBe("disk I/O error");
    expect(describeSqliteError("boom")).toBe("boom");
    expect(describeSqliteError(null)).toBe("null");
  });

  it("refuses a database whose folder cannot exist, naming the path", () => {
    const dbPath = pathUnderAFile();

    const error = errorFrom(() => applySqliteMigrations(dbPath, PROJECT_MIGRATIONS));
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toContain(`Cannot open the database ${dbPath}`);
    expect(error.message).toMatch(/directory does not exist/);
  });
});

describe("migrateDatabase", () => {
  it("creates a missing database folder, says so, and applies the migrations", async () => {
    const dbPath = path.join(tempDir(), "new", "nested", "dir", "app.db");

    const outcome = await migrateDatabase({ url: `file:${dbPath}`, projectRoot: PROJECT_ROOT });

    expect(outcome).toMatchObject({ provider: "sqlite", dbPath, createdDirectory: true, applied: COMMITTED });
    expect(outcome.alreadyApplied).toBe(0);
    expect(tablesIn(dbPath)).toEqual(expect.arrayContaining(APP_TABLES));
    expect(await migrateDatabase({ url: `file:${dbPath}`, projectRoot: PROJECT_ROOT })).toMatchObject({
      createdDirectory: false,
      applied: [],
    });
  });

  it("resolves a relative file URL from the project folder", async () => {
    const projectRoot = tempDir();
    cpSync(path.join(PROJECT_ROOT, "prisma"), path.join(projectRoot, "prisma"), { recursive: true });

    const outcome = await migrateDatabase({ url: "file:./data/app.db?connection_limit=1", projectRoot });

    expect(outcome.location).toBe(path.join(projectRoot, "data", "app.db"));
    expect(existsSync(outcome.location)).toBe(true);
  });

  it("refuses a database URL that is neither a SQLite file nor PostgreSQL, naming both accepted forms", async () => {
    for (const url of ["mysql://root@localhost/app", "routine-studio.db"]) {
      const error = await migrateDatabase({ url, projectRoot: PROJECT_ROOT }).catch((caught: Error) => caught);
      expect(error).toBeInstanceOf(DatabaseConfigError);
      expect((error as Error).message).toMatch(
        /SQLite file URL such as "file:.*" or a PostgreSQL URL such as "postgresql:\/\//,
      );
    }
  });

  it("refuses a database folder that cannot be created", async () => {
    const url = `file:${pathUnderAFile()}`;

    const error = await migrateDatabase({ url, projectRoot: PROJECT_ROOT }).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(DatabaseConfigError);
    expect((error as Error).message).toMatch(/does not exist and cannot be created/);
  });
});
