// npm run db:seed — seeds demo users (APP_MODE=demo, the default) into an empty database, and the bootstrap
// admin from ADMIN_EMAIL / ADMIN_PASSWORD. Runs under the react-server condition because lib/db is server-only.
import { registerDemoToolServer, seedDatabase, seedOptionsFromEnv } from "../lib/demo/seed";

// The start command runs the demo HR MCP server and passes its address: register it as the default tool server.
const demoHrUrl = process.env.DEMO_HR_MCP_URL;
if (demoHrUrl) {
  const outcome = await registerDemoToolServer(demoHrUrl);
  if (outcome.ok) console.log(`Demo HR tool server "hr" registered at ${demoHrUrl} (${outcome.toolCount} tools).`);
  else console.warn(`Seed warning: the demo HR tool server was not registered: ${outcome.error}`);
  const { sharedToolGateway } = await import("../lib/tool-gateway");
  await sharedToolGateway().close();
}

const options = seedOptionsFromEnv();
const result = await seedDatabase(options);
console.log(
  result.created.length > 0
    ? `Seeded ${result.created.length} user(s): ${result.created.join(", ")}`
    : `Seed: nothing to add (${options.mode} mode).`,
);
if (result.routines.length > 0)
  console.log(`Seeded ${result.routines.length} demo routine(s): ${result.routines.join(", ")}`);
for (const warning of result.warnings) console.warn(`Seed warning: ${warning}`);
