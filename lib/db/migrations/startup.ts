import { DatabaseConfigError } from "../location";
import { MigrationError } from "./apply-migrations";
import { migrateDatabase } from "./migrate-database";

/** Applies pending migrations at server start and logs the outcome; never throws, so the server stays up. */
export async function migrateOnStartup(log: Pick<Console, "info" | "error"> = console): Promise<boolean> {
  try {
    const outcome = await migrateDatabase();
    if (outcome.createdDirectory) log.info(`[db] created the database folder for ${outcome.location}`);
    if (outcome.applied.length > 0)
      log.info(
        `[db] applied ${outcome.applied.length} migration(s) to ${outcome.location}: ${outcome.applied.join(", ")}`,
      );
    return true;
  } catch (error) {
    const known = error instanceof MigrationError || error instanceof DatabaseConfigError;
    log.error(`[db] the database could not be brought up to date: ${known ? error.message : String(error)}`);
    return false;
  }
}
