// What `npm test` and `npm run test:e2e:repeat` read back from the reporters' JSON files. Built-ins only.
import { existsSync, readFileSync } from "node:fs";

export function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/**
 * Every browser test attempt in a Playwright JSON report: its title path, duration and outcome. Retries are
 * attempts of their own, so a test that failed once shows up failing.
 * @returns {Array<{ title: string, ms: number, status: string }>}
 */
export function browserTestAttempts(report) {
  const attempts = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results)
          attempts.push({
            title: [...titles, spec.title].join(" › "),
            ms: result.duration,
            status: result.status,
            project: test.projectName,
          });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return attempts;
}

/** The `count` slowest attempts, slowest first. */
export function slowest(attempts, count) {
  return [...attempts].sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** The p-th percentile (0–100) of the durations, nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Prints the slowest browser tests, one line each. */
export function printSlowest(report, count = 10) {
  const attempts = browserTestAttempts(report);
  if (attempts.length === 0) return;
  console.log(`\nSlowest ${Math.min(count, attempts.length)} browser tests:`);
  for (const { title, ms } of slowest(attempts, count))
    console.log(`  ${(ms / 1000).toFixed(1).padStart(5)} s  ${title}`);
}
