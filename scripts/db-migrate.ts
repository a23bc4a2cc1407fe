// npm run db:migrate — applies pending migrations to DATABASE_URL (default: the embedded SQLite file; a postgres:// or
// postgresql:// URL: that PostgreSQL database, which must exist).
import { DatabaseConfigError } from "../lib/db/location";
import { migrateDatabase, MigrationError } from "../lib/db/migrations";

try {
  const outcome = await migrateDatabase();
  if (outcome.createdDirectory) console.log(`Created the database folder for ${outcome.location}.`);
  console.log(
    outcome.applied.length === 0
      ? `Database ${outcome.location} is up to date (${outcome.alreadyApplied} migrations already applied).`
      : `Applied ${outcome.applied.length} migration(s) to ${outcome.location}: ${outcome.applied.join(", ")}`,
  );
} catch (error) {
  if (error instanceof MigrationError || error instanceof DatabaseConfigError) {
    console.error(`Migration failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
