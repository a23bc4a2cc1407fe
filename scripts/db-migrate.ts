// npm run db:migrate — applies pending migrations to DATABASE_URL (default: the embedded SQLite file).
import { DatabaseConfigError } from "../lib/db/location";
import { migrateDatabase, MigrationError } from "../lib/db/migrations";

try {
  const outcome = migrateDatabase();
  if (outcome.createdDirectory) console.log(`Created the database folder for ${outcome.dbPath}.`);
  console.log(
    outcome.applied.length === 0
      ? `Database ${outcome.dbPath} is up to date (${outcome.alreadyApplied} migrations already applied).`
      : `Applied ${outcome.applied.length} migration(s) to ${outcome.dbPath}: ${outcome.applied.join(", ")}`,
  );
} catch (error) {
  if (error instanceof MigrationError || error instanceof DatabaseConfigError) {
    console.error(`Migration failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
