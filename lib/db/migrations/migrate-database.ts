import path from "node:path";
import { ensureDatabaseDirectory, resolveSqlitePath } from "../location";
import { applySqliteMigrations, type MigrationResult } from "./apply-migrations";

export type MigrateOutcome = MigrationResult & { dbPath: string; createdDirectory: boolean };

/** The project's committed migrations, in Prisma's layout. */
export function migrationsDirectory(projectRoot = process.cwd()): string {
  return path.join(projectRoot, "prisma", "migrations");
}

/** Brings the configured database up to date: what start-up, `npm run db:migrate` and the tests all call. */
export function migrateDatabase(options: { url?: string; projectRoot?: string } = {}): MigrateOutcome {
  const projectRoot = options.projectRoot ?? process.cwd();
  const dbPath = resolveSqlitePath(options.url ?? process.env.DATABASE_URL, projectRoot);
  const createdDirectory = ensureDatabaseDirectory(dbPath);
  const result = applySqliteMigrations(dbPath, migrationsDirectory(projectRoot));
  return { ...result, dbPath, createdDirectory };
}
