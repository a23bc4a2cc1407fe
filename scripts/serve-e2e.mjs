// The server the browser tests run against: the production build on port 3100 with a fresh database
// (migrated and seeded with the demo users and the demo HR tool server on port + 1), so every run starts from the same state.
// Beside it: the fake OpenAI server (port + 2) and the set-up service tests use to write through the DAL (port + 3).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { startDemoHrServer } from "./lib/demo-hr.mjs";
import { startE2eFixtures } from "./lib/e2e-fixtures.mjs";
import { startFakeOpenAIServer } from "./lib/fake-openai.mjs";
import { endOwnProcessGroup, whenStarterEnds } from "./lib/orphan-watch.mjs";
import { allowOutbound } from "./lib/outbound.mjs";
import { baseEnv, ensureBuild, root, run } from "./lib/prepare.mjs";

export const E2E_PORT = process.env.E2E_PORT ?? "3100";
const port = Number(E2E_PORT);
// A server on another port (a second checkout's tests, a helper's) keeps a database of its own.
const dbPath = path.join(
  root,
  "data",
  "e2e",
  port === 3100 ? "routine-studio-e2e.db" : `routine-studio-e2e-${port}.db`,
);
for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });

const env = {
  ...baseEnv,
  NODE_ENV: "production",
  APP_MODE: "demo",
  DATABASE_URL: `file:${dbPath}`,
  BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
  BETTER_AUTH_URL: `http://localhost:${E2E_PORT}`,
  // No LLM is reachable in tests: the app's model endpoint is the fake OpenAI server on port + 2, which the tests
  // script over its /__fake control endpoints (e2e/support/fake-openai.ts). It demands the key, as a real endpoint does.
  OPENAI_API_KEY: "e2e-fake-key",
  // The planner and the executor use the fake's model, so the pages that call them work without an admin saving settings first.
  OPENAI_PLANNER_MODEL: "fake-model",
  OPENAI_EXECUTOR_MODEL: "fake-model",
};
run("Migrating the e2e database", "node", ["--import", "tsx", "scripts/db-migrate.ts"], env);
// Its own demo HR server beside the e2e app, so the tests see the same default tool server as `npm start`.
const [demoHr, fakeOpenAI] = await Promise.all([
  startDemoHrServer(port + 1, env),
  startFakeOpenAIServer(port + 2, env, { apiKey: env.OPENAI_API_KEY }),
]);
env.DEMO_HR_MCP_URL = demoHr.url;
env.OPENAI_BASE_URL = fakeOpenAI.url;
// Both listen on loopback, which the app refuses unless OUTBOUND_ALLOWED_NETWORKS allows them.
allowOutbound(env, [demoHr.url, fakeOpenAI.url]);
run("Seeding the e2e database", "node", ["--conditions=react-server", "--import", "tsx", "scripts/db-seed.ts"], env);
ensureBuild(env);
await startE2eFixtures(port + 3, env);
const server = spawn("npx", ["next", "start", "-p", E2E_PORT], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
// Started by a Playwright that has since been killed: end with it rather than serve the next run a stale database.
whenStarterEnds(() => {
  console.error("The process that started the e2e server has ended: stopping the server.");
  endOwnProcessGroup();
});
