// npm run db:seed — seeds demo users (APP_MODE=demo, the default) into an empty database, and the bootstrap
// admin from ADMIN_EMAIL / ADMIN_PASSWORD. Runs under the react-server condition because lib/db is server-only.
import { seedDatabase, seedOptionsFromEnv } from "../lib/db/seed";

const options = seedOptionsFromEnv();
const result = await seedDatabase(options);
console.log(
  result.created.length > 0
    ? `Seeded ${result.created.length} user(s): ${result.created.join(", ")}`
    : `Seed: nothing to add (${options.mode} mode).`,
);
for (const warning of result.warnings) console.warn(`Seed warning: ${warning}`);
