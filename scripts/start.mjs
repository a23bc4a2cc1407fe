// npm start — everything from a fresh clone to a served app on http://localhost:3000:
// install, Prisma client, auth secret, migrations, the demo HR MCP server (port + 1), seed (demo users into an
// empty database; the demo server registered as the default tool server "hr"), build, serve.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { startDemoHrServer } from "./lib/demo-hr.mjs";
import { authEnv, baseEnv, ensureBuild, ensureDependencies, ensurePrismaClient, root, run } from "./lib/prepare.mjs";

const port = process.env.PORT ?? "3000";
const demoHrPort = process.env.DEMO_HR_PORT ?? String(Number(port) + 1);
const withDemoHr = process.env.DEMO_HR_SERVER !== "off";
await assertPortFree(port);
if (withDemoHr) await assertPortFree(demoHrPort, "DEMO_HR_PORT");
ensureDependencies();
ensurePrismaClient();
const env = { ...baseEnv, ...authEnv(port), NODE_ENV: "production" };
run("Applying database migrations", "node", ["--import", "tsx", "scripts/db-migrate.ts"], env);
if (withDemoHr) env.DEMO_HR_MCP_URL = (await startDemoHrServer(demoHrPort, env)).url;
run("Seeding", "node", ["--conditions=react-server", "--import", "tsx", "scripts/db-seed.ts"], env);
ensureBuild(env);

console.log(`\n▶ Serving Routine Studio on ${env.BETTER_AUTH_URL}`);
const server = spawn("npx", ["next", "start", "-p", port], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

/** Fails fast, before minutes of set-up, when another program already serves on the port. */
function assertPortFree(port, variable = "PORT") {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => {
        console.error(`✖ Port ${port} is already in use. Stop the program using it, or start on another port: ${variable}=${Number(port) + 10} npm start`);
        process.exit(1);
      })
      .once("listening", () => probe.close(resolve))
      .listen(Number(port));
  });
}
