// npm test — every test, from a fresh clone: install, Prisma client, Debian's Chromium headless shell (when
// missing), Node 24 for the MCP conformance suite, route types, type check and lint (side by side), unit tests,
// production build, browser tests. Ends with the slowest browser tests and one "Tests: N passed, N failed" line.
import { rmSync } from "node:fs";
import path from "node:path";
import { ensureHeadlessShell } from "./lib/debian-packages.mjs";
import { ensureNode24 } from "./lib/node24.mjs";
import {
  baseEnv,
  ensureBuild,
  ensureDependencies,
  ensurePrismaClient,
  root,
  run,
  runTogether,
  secondsSince,
  tryRun,
} from "./lib/prepare.mjs";
import { printSlowest, readJson } from "./lib/test-report.mjs";

const started = Date.now();
ensureDependencies();
ensurePrismaClient();
ensureHeadlessShell();

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

// Route types first, so tsc checks pages and routes against them as `next build` would (the build itself skips it).
run("Route types (next typegen)", "npx", ["next", "typegen"], env);
// Each pair runs on one core each.
await runTogether([
  { label: "Type check (tsc)", command: "npx", args: ["tsc", "--noEmit"], env },
  { label: "Lint (eslint)", command: "npx", args: ["eslint", "--max-warnings=0", "."], env },
]);
await runTogether([
  {
    label: "Module boundaries (dependency-cruiser)",
    command: "npm",
    args: ["run", "--silent", "check:boundaries"],
    env,
  },
  { label: "Formatting (prettier)", command: "npm", args: ["run", "--silent", "format:check"], env },
]);
run(
  "Unit tests (vitest)",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit-results.json"],
  env,
);
// The build the browser tests run against (and `npm start` and the benchmarks reuse while the sources stay the same).
ensureBuild({ ...env, NODE_ENV: "production" });
const e2eStarted = Date.now();
const e2eStatus = tryRun(
  "Browser tests (playwright, Debian's Chromium headless shell)",
  "npx",
  ["playwright", "test"],
  env,
);

const unit = readJson(path.join(resultsDir, "unit-results.json"));
const e2e = readJson(path.join(resultsDir, "e2e-results.json"));
printSlowest(e2e, 10);
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
const verdict = e2eStatus === 0 ? "All checks passed" : "Browser tests failed";
console.log(`\n${verdict} in ${secondsSince(started)} (browser tests ${secondsSince(e2eStarted)}).`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(e2eStatus);
