import path from "node:path";
import { describePostgresUrl, ensureDatabaseDirectory, resolveDatabase } from "../location";
import { applySqliteMigrations, type MigrationResult } from "./apply-migrations";
import { applyPostgresMigrations } from "./apply-postgres-migrations";

/** What was migrated where: `location` is the SQLite file or the PostgreSQL server (never its password). */
export type MigrateOutcome = MigrationResult & { location: string; createdDirectory: boolean } & (
    { provider: "sqlite"; dbPath: string } | { provider: "postgresql" }
  );

/** The project's committed SQLite migrations, in Prisma's layout. */
export function migrationsDirectory(projectRoot = process.cwd()): string {
  return path.join(projectRoot, "prisma", "migrations");
}

/** The PostgreSQL migrations, generated beside the PostgreSQL schema (prisma/postgresql). */
export function postgresMigrationsDirectory(projectRoot = process.cwd()): string {
  return path.join(projectRoot, "prisma", "postgresql", "migrations");
}

/**
 * Brings the configured database up to date: what start-up, `npm run db:migrate` and the tests all call. The URL's
 * scheme chooses the database: `file:` a SQLite file, `postgres://` or `postgresql://` a PostgreSQL server.
 */
export async function migrateDatabase(options: { url?: string; projectRoot?: string } = {}): Promise<MigrateOutcome> {
  const projectRoot = options.projectRoot ?? process.cwd();
  const location = resolveDatabase(options.url ?? process.env.DATABASE_URL, projectRoot);
  if (location.kind === "postgresql") {
    const result = await applyPostgresMigrations(location.url, postgresMigrationsDirectory(projectRoot));
    return { ...result, provider: "postgresql", location: describePostgresUrl(location.url), createdDirectory: false };
  }
  const createdDirectory = ensureDatabaseDirectory(location.path);
  const result = applySqliteMigrations(location.path, migrationsDirectory(projectRoot));
  return { ...result, provider: "sqlite", dbPath: location.path, location: location.path, createdDirectory };
}
