// Set-up steps shared by `npm start` and `npm test`. Node built-ins only: this runs before `npm install`.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { keepPrebuilds } from "./native-prebuilds.mjs";

export const root = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = path.join(root, "data");

/** Seconds since `started` (a Date.now()), as "12.3 s". */
export const secondsSince = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Runs a command in the project folder, streaming its output; exits the process when it fails. */
export function run(label, command, args, env = process.env) {
  const status = tryRun(label, command, args, env);
  if (status !== 0) process.exit(status);
}

/** Runs a command like run(), but answers its exit status (0: it passed) instead of exiting on failure. */
export function tryRun(label, command, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (${result.error?.message ?? `exit code ${result.status}`})`);
    return result.status || 1;
  }
  console.log(`✔ ${label} (${secondsSince(started)})`);
  return 0;
}

function hashOf(paths) {
  const hash = createHash("sha256");
  for (const file of paths) {
    hash.update(path.relative(root, file));
    hash.update(existsSync(file) ? readFileSync(file) : "missing");
  }
  return hash.digest("hex");
}

function filesUnder(dir, skip) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (skip.some((part) => full.includes(part))) return [];
      return entry.isDirectory() ? filesUnder(full, skip) : [full];
    })
    .sort();
}

/**
 * Does `work` only when its inputs changed since the last time it succeeded (a stamp file records them). The
 * stamp is taken after the work, which may touch an input itself (npm install adds this platform's optional
 * packages to the lockfile).
 */
function whenChanged(stampFile, inputs, work) {
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === hashOf(inputs)) return false;
  work();
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, hashOf(inputs));
  return true;
}

/**
 * npm install when package.json or the lockfile changed (npm ci fails against this registry: see README). Native
 * addons compiled by an earlier install on this machine are reused (native-prebuilds.mjs).
 */
export function ensureDependencies() {
  const inputs = [path.join(root, "package.json"), path.join(root, "package-lock.json")];
  const changed = whenChanged(path.join(root, "node_modules", ".routine-studio-deps"), inputs, () => {
    run("Installing dependencies (npm install)", "npm", ["install", "--include=dev", "--no-audit", "--no-fund"]);
    keepPrebuilds(root);
  });
  if (!changed) console.log("✔ Dependencies up to date");
}

/**
 * Generates both Prisma clients (SQLite and PostgreSQL) when the schema, the code that derives the PostgreSQL schema
 * or the installed client changed, or when either generated client is missing (a fresh clone, a deleted folder).
 */
export function ensurePrismaClient() {
  const generated = path.join(root, "lib", "db", "generated");
  const inputs = [
    path.join(root, "prisma", "schema.prisma"),
    path.join(root, "prisma", "postgresql", "schema.prisma"),
    path.join(root, "lib", "db", "migrations", "authoring", "postgres-schema.ts"),
    path.join(root, "node_modules", "@prisma", "client", "package.json"),
  ];
  const stamp = path.join(generated, ".stamp");
  const clients = ["prisma", "prisma-postgresql"].map((folder) => path.join(generated, folder, "client.ts"));
  if (clients.some((client) => !existsSync(client)) && existsSync(stamp)) writeFileSync(stamp, "");
  const changed = whenChanged(stamp, inputs, () =>
    run("Generating the Prisma clients (SQLite and PostgreSQL)", "node", ["scripts/prisma-generate.mjs"]),
  );
  if (!changed) console.log("✔ Prisma clients up to date");
}

/**
 * The auth settings the server needs: BETTER_AUTH_SECRET from the environment, else one generated on first
 * start and kept in the git-ignored data folder; BETTER_AUTH_URL matching the served origin.
 */
export function authEnv(port) {
  let secret = process.env.BETTER_AUTH_SECRET;
  if (!secret) {
    const secretFile = path.join(dataDir, ".auth-secret");
    if (!existsSync(secretFile)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(secretFile, randomBytes(32).toString("base64url"), { mode: 0o600 });
      chmodSync(secretFile, 0o600);
      console.log(`✔ Generated an auth secret in ${path.relative(root, secretFile)}`);
    }
    secret = readFileSync(secretFile, "utf8").trim();
  }
  return { BETTER_AUTH_SECRET: secret, BETTER_AUTH_URL: process.env.BETTER_AUTH_URL ?? `http://localhost:${port}` };
}

const BUILD_INPUTS = ["app", "components", "lib", "public"];
const BUILD_FILES = [
  "package.json",
  "package-lock.json",
  "next.config.mjs",
  "tsconfig.json",
  "postcss.config.mjs",
  "proxy.ts",
  "instrumentation.ts",
];

/** `next build` when the sources changed since the last successful build. */
export function ensureBuild(env) {
  const inputs = [
    ...BUILD_FILES.map((file) => path.join(root, file)),
    ...BUILD_INPUTS.flatMap((dir) => filesUnder(path.join(root, dir), [`${path.sep}generated${path.sep}`])),
    path.join(root, "prisma", "schema.prisma"),
  ];
  const buildId = path.join(root, ".next", "BUILD_ID");
  const stamp = path.join(root, ".next", "routine-studio-build-stamp");
  if (!existsSync(buildId) && existsSync(stamp)) writeFileSync(stamp, "");
  // A checkout's first build writes no build cache (next.config.mjs): a fresh clone (CI) builds once; later builds,
  // after the sources changed, write it and read it.
  const first = !existsSync(stamp);
  const changed = whenChanged(stamp, inputs, () =>
    run("Building the app (next build)", "npx", ["next", "build"], {
      ...env,
      ...(first ? { ROUTINE_STUDIO_BUILD_CACHE: "off" } : {}),
    }),
  );
  if (!changed) console.log(`✔ Build up to date (${new Date(statSync(buildId).mtime).toISOString()})`);
}

export const baseEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  CHECKPOINT_DISABLE: "1",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};
