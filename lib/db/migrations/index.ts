// The committed SQL migrations and applying them (SQLite or PostgreSQL, by DATABASE_URL): at start-up, by
// npm run db:migrate and in tests. Authoring new ones is lib/db/migrations/authoring.
export { applySqliteMigrations, describeSqliteError, MigrationError, readMigrations } from "./apply-migrations";
export type { MigrationFile, MigrationResult } from "./apply-migrations";
export { applyPostgresMigrations } from "./apply-postgres-migrations";
export { describePostgresError } from "./postgres-errors";
export { migrateDatabase, migrationsDirectory, postgresMigrationsDirectory } from "./migrate-database";
export type { MigrateOutcome } from "./migrate-database";
export { migrateOnStartup } from "./startup";
