// npm test — every test, from a fresh clone: install, Prisma client, Chromium (Debian's, when missing), Node 24
// for the MCP conformance suite, type check, lint, unit tests, production build, browser tests. Ends with one "Tests: N passed, N failed" line.
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureNode24 } from "./lib/node24.mjs";
import { baseEnv, ensureBuild, ensureDependencies, ensurePrismaClient, root, run } from "./lib/prepare.mjs";

const started = Date.now();
ensureDependencies();
ensurePrismaClient();
ensureChromium();

const env = { ...baseEnv };
// The MCP conformance suite (run inside the unit tests) needs Node >= 22: fetched once here, before tests run in
// parallel; where it cannot be had, those tests are skipped and say why.
const node24 = ensureNode24();
if (node24.path) {
  env.MCP_CONFORMANCE_NODE = node24.path;
  console.log(`✔ Node 24 for the MCP conformance suite: ${path.relative(root, node24.path)}`);
} else console.warn(`⚠ MCP conformance tests will be skipped: ${node24.reason}`);
const resultsDir = path.join(root, "test-results");
rmSync(path.join(resultsDir, "unit-results.json"), { force: true });
rmSync(path.join(resultsDir, "e2e-results.json"), { force: true });

run("Type check (tsc)", "npx", ["tsc", "--noEmit"], env);
run("Lint (eslint)", "npx", ["eslint", "--max-warnings=0", "."], env);
run("Unit tests (vitest)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit-results.json"], env);
// The build the browser tests run against; its environment is the e2e server's (scripts/serve-e2e.mjs).
ensureBuild({ ...env, NODE_ENV: "production" });
run("Browser tests (playwright, Debian Chromium)", "npx", ["playwright", "test"], env);

const unit = readJson("unit-results.json");
const e2e = readJson("e2e-results.json");
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`Tests: ${passed} passed, ${failed} failed`);

function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return console.log("✔ Chromium present (/usr/bin/chromium)");
  if (process.getuid?.() !== 0) {
    console.error("✖ /usr/bin/chromium is missing. Install Debian's Chromium: sudo apt-get install -y chromium");
    process.exit(1);
  }
  run("Updating apt package lists", "apt-get", ["update"]);
  run("Installing Debian's Chromium", "apt-get", ["install", "-y", "chromium"], { ...process.env, DEBIAN_FRONTEND: "noninteractive" });
}

function readJson(file) {
  const full = path.join(resultsDir, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, "utf8")) : null;
}
