export { applySqliteMigrations, describeSqliteError, MigrationError, readMigrations } from "./apply-migrations";
export type { MigrationFile, MigrationResult } from "./apply-migrations";
export { migrateDatabase, migrationsDirectory } from "./migrate-database";
export type { MigrateOutcome } from "./migrate-database";
export { diffSchemas } from "./schema-diff";
export { migrateOnStartup } from "./startup";
