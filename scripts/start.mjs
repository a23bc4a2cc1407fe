// npm start — everything from a fresh clone to a served app on http://localhost:3000:
// install, Prisma client, auth secret, migrations, seed (demo users into an empty database), build, serve.
import { spawn } from "node:child_process";
import { authEnv, baseEnv, ensureBuild, ensureDependencies, ensurePrismaClient, root, run } from "./lib/prepare.mjs";

const port = process.env.PORT ?? "3000";
ensureDependencies();
ensurePrismaClient();
const env = { ...baseEnv, ...authEnv(port), NODE_ENV: "production" };
run("Applying database migrations", "node", ["--import", "tsx", "scripts/db-migrate.ts"], env);
run("Seeding", "node", ["--conditions=react-server", "--import", "tsx", "scripts/db-seed.ts"], env);
ensureBuild(env);

console.log(`\n▶ Serving Routine Studio on ${env.BETTER_AUTH_URL}`);
const server = spawn("npx", ["next", "start", "-p", port], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
