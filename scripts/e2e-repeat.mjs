// npm run test:e2e:repeat — the flakiness guard (not part of npm test): the browser suite several times in a row
// (3, or E2E_REPEAT_RUNS), each against a fresh e2e server and database, as `npm test` runs it. Progress goes to
// stderr; the last line of stdout is one JSON object:
// { runs, failed, failedTests, slowestTests: [{ title, ms }], p95TestMs, totalMs }
// `failed` counts failed test attempts over all runs (a test that failed once and passed on its retry counts).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureHeadlessShell } from "./lib/debian-packages.mjs";
import { baseEnv, ensureBuild, ensureDependencies, ensurePrismaClient, root } from "./lib/prepare.mjs";
import { browserTestAttempts, percentile, readJson, slowest } from "./lib/test-report.mjs";

if (process.argv.includes("--prepare")) {
  // Run as a child whose stdout is the parent's stderr (below), so set-up output never mixes with the JSON line.
  ensureDependencies();
  ensurePrismaClient();
  ensureHeadlessShell();
  ensureBuild({ ...baseEnv, NODE_ENV: "production" });
  process.exit(0);
}

const runs = Number(process.env.E2E_REPEAT_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`E2E_REPEAT_RUNS must be a whole number of runs, not ${process.env.E2E_REPEAT_RUNS}`);
  process.exit(2);
}
const toStderr = ["ignore", 2, 2];
const prepared = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--prepare"], {
  cwd: root,
  stdio: toStderr,
});
if (prepared.status !== 0) process.exit(prepared.status || 1);

const started = Date.now();
const report = path.join(root, "test-results", "e2e-results.json");
const keptDir = path.join(root, "test-results", "e2e-repeat");
mkdirSync(keptDir, { recursive: true });
const attempts = [];
for (let index = 1; index <= runs; index += 1) {
  console.error(`\n▶ Browser suite, run ${index} of ${runs}`);
  rmSync(report, { force: true });
  // CI=1: a fresh server and database for every run, never one left running.
  const result = spawnSync("npx", ["playwright", "test"], { cwd: root, env: { ...baseEnv, CI: "1" }, stdio: toStderr });
  const json = readJson(report);
  if (!json) {
    console.error(`✖ Run ${index} wrote no report (exit code ${result.status}); stopping.`);
    process.exit(result.status || 1);
  }
  copyFileSync(report, path.join(keptDir, `run-${index}.json`));
  const runAttempts = browserTestAttempts(json).filter((attempt) => attempt.project !== "sign-in");
  attempts.push(...runAttempts.map((attempt) => ({ ...attempt, run: index })));
  console.error(
    `${result.status === 0 ? "✔" : "✖"} Run ${index}: ${runAttempts.filter(failedAttempt).length} failed attempt(s)`,
  );
}

const failures = attempts.filter(failedAttempt);
const summary = {
  runs,
  failed: failures.length,
  failedTests: failures.map(({ run, title, status }) => ({ run, title, status })),
  slowestTests: slowest(attempts, 10).map(({ title, ms }) => ({ title, ms })),
  p95TestMs: percentile(
    attempts.map((attempt) => attempt.ms),
    95,
  ),
  totalMs: Date.now() - started,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(failures.length === 0 ? 0 : 1);

function failedAttempt(attempt) {
  return attempt.status !== "passed" && attempt.status !== "skipped";
}
