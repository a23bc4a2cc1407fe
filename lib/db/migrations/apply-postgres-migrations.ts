import { randomUUID } from "node:crypto";
import pg from "pg";
import { describePostgresUrl } from "../location";
import { MigrationError, readMigrations, type MigrationFile, type MigrationResult } from "./apply-migrations";
import { describePostgresError } from "./postgres-errors";

/** Prisma's own history table in its PostgreSQL format, so `prisma migrate deploy` recognises what we applied. */
const HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** The key Prisma's schema engine locks during `migrate deploy`: ours and Prisma's then also exclude each other. */
const ADVISORY_LOCK_KEY = 72707369;

/**
 * Applies the pending migrations to the PostgreSQL database at `url`, each in its own transaction, and records them
 * in `_prisma_migrations`. Idempotent: a second call applies nothing. A session advisory lock makes processes that
 * start together wait for each other, so each migration is applied once. Refuses to continue when an applied
 * migration's file was edited afterwards, rather than leave the schema in an unknown state.
 */
export async function applyPostgresMigrations(url: string, migrationsDir: string): Promise<MigrationResult> {
  const migrations = readMigrations(migrationsDir);
  const where = describePostgresUrl(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // An idle client whose server goes away emits "error"; without a listener that would crash the process.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new MigrationError(`Cannot connect to the database ${where}: ${describePostgresError(error, url)}`, {
      cause: error,
    });
  }
  try {
    try {
      await client.query(`SELECT pg_advisory_lock(${ADVISORY_LOCK_KEY})`);
      await client.query(HISTORY_TABLE);
    } catch (error) {
      throw new MigrationError(`Cannot prepare ${where} for migrations: ${describePostgresError(error, url)}`, {
        cause: error,
      });
    }
    const applied: string[] = [];
    for (const migration of migrations) {
      if (await applyOne(client, migration, where, url)) applied.push(migration.name);
    }
    return { applied, alreadyApplied: migrations.length - applied.length };
  } finally {
    // Ending the session releases the advisory lock too; unlocking first lets a waiting process go on at once.
    await client.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_KEY})`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

async function applyOne(client: pg.Client, migration: MigrationFile, where: string, url: string): Promise<boolean> {
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ checksum: string; finished_at: Date | null }>(
      `SELECT checksum, finished_at FROM "_prisma_migrations" WHERE migration_name = $1 AND rolled_back_at IS NULL`,
      [migration.name],
    );
    const done = rows[0];
    if (done && done.finished_at === null) {
      throw new MigrationError(
        `Migration ${migration.name} failed part-way on ${where} earlier (Prisma left it unfinished). Repair the ` +
          `database, then mark it with \`prisma migrate resolve\` before starting again.`,
      );
    }
    if (done) {
      if (done.checksum !== migration.checksum) {
        throw new MigrationError(
          `Migration ${migration.name} was changed after it was applied to ${where}. ` +
            `Restore its migration.sql, and author schema changes as a new migration (npm run db:migration:new).`,
        );
      }
      await client.query("COMMIT");
      return false;
    }
    // Without parameters pg sends the simple query protocol, which runs a file of many statements in one go.
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at)
       VALUES ($1, $2, now(), $3, 1, now())`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query("COMMIT");
    return true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    if (error instanceof MigrationError) throw error;
    throw new MigrationError(`Migration ${migration.name} failed on ${where}: ${describePostgresError(error, url)}`, {
      cause: error,
    });
  }
}
