// npm test — every test, from a fresh clone: install, Prisma client, Debian's Chromium headless shell (when
// missing), Node 24 for the MCP conformance suite, route types; then unit tests and browser tests in the
// foreground, with the production build, type check, lint, module boundaries and formatting beside them. Ends
// with the slowest browser tests and one "Tests: N passed, N failed" line.
import { rmSync } from "node:fs";
import path from "node:path";
import { ensureHeadlessShell } from "./lib/debian-packages.mjs";
import { ensureNode24 } from "./lib/node24.mjs";
import { baseEnv, ensureDependencies, ensurePrismaClient, root, run, secondsSince } from "./lib/prepare.mjs";
import { runInForeground, runSideCheck, runSideLanes, stopAll, stopAllOnSignals } from "./lib/side-checks.mjs";
import { printSlowest, readJson } from "./lib/test-report.mjs";

const started = Date.now();
stopAllOnSignals();
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

// Beside the timed suites, at the lowest priority (scripts/lib/side-checks.mjs): the production build the browser
// tests need first, then type check, lint, and module boundaries followed by formatting, side by side.
const buildEnv = { ...env, NODE_ENV: "production" };
const built = runSideCheck({
  label: "Production build (next build, skipped when the sources did not change)",
  command: "node",
  args: ["--input-type=module", "-e", 'import("./scripts/lib/prepare.mjs").then((m) => m.ensureBuild(process.env))'],
  env: buildEnv,
});
const checked = built.then((code) =>
  code !== 0
    ? code
    : runSideLanes([
        [{ label: "Type check (tsc)", command: "npx", args: ["tsc", "--noEmit"], env }],
        [{ label: "Lint (eslint)", command: "npx", args: ["eslint", "--max-warnings=0", "."], env }],
        [
          {
            label: "Module boundaries (dependency-cruiser)",
            command: "npm",
            args: ["run", "--silent", "check:boundaries"],
            env,
          },
          { label: "Formatting (prettier)", command: "npm", args: ["run", "--silent", "format:check"], env },
        ],
      ]),
);
// A failed check ends the run at once, whatever suite is in the foreground.
checked.then((code) => {
  if (code === 0) return;
  console.error("\n✖ A check beside the tests failed (its output is above): stopping.");
  stopAll();
  process.exit(code);
});

const unitStatus = await runInForeground(
  "Unit tests (vitest)",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit-results.json"],
  env,
);
if (unitStatus !== 0) {
  stopAll();
  process.exit(unitStatus);
}
// The browser tests run against the production build (which `npm start` and the benchmarks reuse while the
// sources stay the same).
if ((await built) !== 0) process.exit(1);
const e2eStarted = Date.now();
const e2eStatus = await runInForeground(
  "Browser tests (playwright, Debian's Chromium headless shell)",
  "npx",
  ["playwright", "test"],
  env,
);
const checksStatus = await checked;

const unit = readJson(path.join(resultsDir, "unit-results.json"));
const e2e = readJson(path.join(resultsDir, "e2e-results.json"));
printSlowest(e2e, 10);
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
const verdict = e2eStatus !== 0 ? "Browser tests failed" : checksStatus !== 0 ? "Checks failed" : "All checks passed";
console.log(`\n${verdict} in ${secondsSince(started)} (browser tests ${secondsSince(e2eStarted)}).`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(e2eStatus || checksStatus);
