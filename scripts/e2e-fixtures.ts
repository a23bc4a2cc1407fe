// The browser tests' set-up service: runs data access layer operations as a demo user over loopback HTTP, so a
// test sets up the state it needs (a routine in review, a published version) in milliseconds instead of clicking
// through pages that other tests already cover. Started by scripts/serve-e2e.mjs beside the app, against the same
// database: `node --import ./scripts/lib/server-only.mjs --import tsx scripts/e2e-fixtures.ts --port 3103`.
import { parseArgs } from "node:util";
import { startFixtureServer } from "./e2e-fixtures/server";

const { values } = parseArgs({ options: { port: { type: "string", default: "3103" } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}
const { url, server } = await startFixtureServer(port);
console.log(`e2e fixtures listening on ${url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
