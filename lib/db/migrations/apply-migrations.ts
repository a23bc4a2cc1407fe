import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** Prisma's own history table, kept in its format so `prisma migrate deploy` recognises what we applied. */
const HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "checksum" TEXT NOT NULL,
  "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL,
  "logs" TEXT,
  "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

export type MigrationFile = { name: string; sql: string; checksum: string };
export type MigrationResult = { applied: string[]; alreadyApplied: number };

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
  }
}

/** Lists `<migrationsDir>/<timestamp>_<name>/migration.sql` in name order, as Prisma does. */
export function readMigrations(migrationsDir: string): MigrationFile[] {
  if (!existsSync(migrationsDir)) throw new MigrationError(`Migrations folder not found: ${migrationsDir}`);
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(migrationsDir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies the pending migrations to the SQLite database at `dbPath`, each in its own transaction, and records
 * them in `_prisma_migrations`. Idempotent: a second call applies nothing. Refuses to continue when an applied
 * migration's file was edited afterwards, rather than leave the schema in an unknown state.
 */
export function applySqliteMigrations(dbPath: string, migrationsDir: string): MigrationResult {
  const migrations = readMigrations(migrationsDir);
  const db = openForMigration(dbPath);
  try {
    try {
      db.exec(HISTORY_TABLE);
    } catch (error) {
      throw new MigrationError(`Cannot prepare ${dbPath} for migrations: ${describeSqliteError(error)}`, {
        cause: error,
      });
    }
    // BEGIN IMMEDIATE takes the write lock up front, so two processes starting together apply each migration once.
    const applyOne = db.transaction((migration: MigrationFile, foreignKeysOff: boolean) => {
      const done = db
        .prepare(`SELECT checksum FROM "_prisma_migrations" WHERE migration_name = ? AND rolled_back_at IS NULL`)
        .get(migration.name) as { checksum: string } | undefined;
      if (done) {
        if (done.checksum !== migration.checksum) {
          throw new MigrationError(
            `Migration ${migration.name} was changed after it was applied to ${dbPath}. ` +
              `Restore its migration.sql, and author schema changes as a new migration (npm run db:migration:new).`,
          );
        }
        return false;
      }
      db.exec(migration.sql);
      const dangling = foreignKeysOff ? (db.pragma("foreign_key_check") as { table: string; parent: string }[]) : [];
      if (dangling.length > 0) {
        throw new MigrationError(
          `Migration ${migration.name} was not applied: afterwards ${dangling.length} row(s) of "${dangling[0].table}" ` +
            `would point at missing "${dangling[0].parent}" rows.`,
        );
      }
      db.prepare(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at)
         VALUES (?, ?, ?, ?, 1, ?)`,
      ).run(randomUUID(), migration.checksum, Date.now(), migration.name, Date.now());
      return true;
    });
    const applied: string[] = [];
    for (const migration of migrations) {
      try {
        // Prisma's table redefinitions (copy, DROP TABLE, rename) turn foreign keys off first, or the DROP would
        // cascade and empty every child table. That PRAGMA is a no-op inside a transaction, so it is honoured here,
        // before BEGIN, and foreign_key_check stands in for the checks it skips.
        const foreignKeysOff = /PRAGMA\s+foreign_keys\s*=\s*(OFF|0|false)/i.test(migration.sql);
        db.pragma(`foreign_keys = ${foreignKeysOff ? "OFF" : "ON"}`);
        if (applyOne.immediate(migration, foreignKeysOff)) applied.push(migration.name);
      } catch (error) {
        if (error instanceof MigrationError) throw error;
        throw new MigrationError(`Migration ${migration.name} failed on ${dbPath}: ${describeSqliteError(error)}`, {
          cause: error,
        });
      }
    }
    return { applied, alreadyApplied: migrations.length - applied.length };
  } finally {
    db.close();
  }
}

function openForMigration(dbPath: string): Database.Database {
  try {
    const db = new Database(dbPath);
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    return db;
  } catch (error) {
    throw new MigrationError(`Cannot open the database ${dbPath}: ${describeSqliteError(error)}`, { cause: error });
  }
}

/** Turns SQLite's terse codes into a sentence an operator can act on. */
export function describeSqliteError(error: unknown): string {
  // Any thrown value: better-sqlite3's SqliteError, a plain { code, message } object, a string, even null.
  const { code = "", message = String(error) } = (error ?? {}) as { code?: string; message?: string };
  if (code.startsWith("SQLITE_READONLY")) {
    return `the database file is read-only (${message}). Give the server's user write access to the file and its folder.`;
  }
  if (code === "SQLITE_CANTOPEN") {
    return `the file cannot be opened (${message}). Check that its folder exists and is writable.`;
  }
  if (code === "SQLITE_BUSY") return `the database is locked by another process (${message}).`;
  return message;
}
