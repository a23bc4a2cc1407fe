// npm start — everything from a fresh clone to a served app on http://localhost:3000, in five phases, each with a
// progress line and its time, and the total once the app answers: install (npm install), generate (Prisma
// client, auth secret), migrate (migrations, the demo HR MCP server on port + 1, seed: demo users into an empty
// database, the demo server registered as the default tool server "hr"), build, serve.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { DEMO_REFERENCE_DATE, startDemoHrServer } from "./lib/demo-hr.mjs";
import { allowOutbound, OUTBOUND_VARIABLE, outboundEntry } from "./lib/outbound.mjs";
import {
  authEnv,
  baseEnv,
  ensureBuild,
  ensureDependencies,
  ensurePrismaClient,
  root,
  run,
  secondsSince,
} from "./lib/prepare.mjs";

const started = Date.now();
const port = process.env.PORT ?? "3000";
const demoHrPort = process.env.DEMO_HR_PORT ?? String(Number(port) + 1);
const withDemoHr = process.env.DEMO_HR_SERVER !== "off";
await assertPortFree(port);
if (withDemoHr) await assertPortFree(demoHrPort, "DEMO_HR_PORT");

const phases = [];
/** Runs one phase of the start, printing "[n/5] name" before and its time after. */
async function phase(name, work) {
  const phaseStarted = Date.now();
  console.log(`\n━━ [${phases.length + 1}/5] ${name}`);
  await work();
  phases.push(`${name} ${secondsSince(phaseStarted)}`);
}

let env = baseEnv;
await phase("install", () => ensureDependencies());
await phase("generate", () => {
  ensurePrismaClient();
  env = { ...baseEnv, ...authEnv(port), NODE_ENV: "production" };
});
await phase("migrate", async () => {
  run("Applying database migrations", "node", ["--import", "tsx", "scripts/db-migrate.ts"], env);
  if (withDemoHr) {
    env.DEMO_HR_MCP_URL = (await startDemoHrServer(demoHrPort, env)).url;
    env.RUN_TODAY ??= DEMO_REFERENCE_DATE;
    // The app refuses loopback addresses unless allowed: open the demo server's, unless the deployer chose the setting.
    if (env[OUTBOUND_VARIABLE] === undefined) allowOutbound(env, [env.DEMO_HR_MCP_URL]);
    else
      console.log(
        `ℹ ${OUTBOUND_VARIABLE} is set: it must allow ${outboundEntry(env.DEMO_HR_MCP_URL)} for the demo HR server.`,
      );
  }
  run("Seeding", "node", ["--conditions=react-server", "--import", "tsx", "scripts/db-seed.ts"], env);
});
await phase("build", () => ensureBuild(env));
await phase("serve", async () => {
  console.log(`▶ Starting Routine Studio on ${env.BETTER_AUTH_URL}`);
  // NEXT_MANUAL_SIG_HANDLE: on SIGTERM/SIGINT Next leaves the exit to instrumentation.ts, so the embedded run worker
  // finishes its steps in flight and hands its runs back before the process ends (decision 0027).
  // Next's own binary with this Node, not `npx next`: npx and its shell do not pass a SIGTERM on, which left the
  // server running after start.mjs had exited.
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const server = spawn(process.execPath, [nextBin, "start", "-p", port], {
    cwd: root,
    env: { ...env, NEXT_MANUAL_SIG_HANDLE: "true" },
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
  await answering(`http://127.0.0.1:${port}/sign-in`);
});
console.log(
  `\n✔ Routine Studio is up on ${env.BETTER_AUTH_URL}, ${secondsSince(started)} after npm start (${phases.join(", ")})`,
);

/** Fails fast, before minutes of set-up, when another program already serves on the port. */
function assertPortFree(port, variable = "PORT") {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => {
        console.error(
          `✖ Port ${port} is already in use. Stop the program using it, or start on another port: ${variable}=${Number(port) + 10} npm start`,
        );
        process.exit(1);
      })
      .once("listening", () => probe.close(resolve))
      .listen(Number(port));
  });
}

/** Resolves once `url` answers at all (any status), polling every 200 ms. */
async function answering(url) {
  for (;;) {
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
