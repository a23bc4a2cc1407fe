import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { BASE_URL } from "./e2e/support/env";
import { HEADLESS_SHELL } from "./scripts/lib/debian-packages.mjs";

// Chromium must not write into HOME, and must not try the network at start (the machine has none).
const chromiumHome = mkdtempSync(path.join(tmpdir(), "routine-studio-chromium-"));
process.env.XDG_CONFIG_HOME ??= chromiumHome;
process.env.XDG_CACHE_HOME ??= chromiumHome;

/**
 * Debian's headless shell (package chromium-headless-shell): the browser Playwright itself runs headless tests
 * in. Full Chromium in its new headless mode composites every frame in a software GPU process and cost the suite
 * more than half of its time on 2 cores (docs/decisions/0016-test-suite-time.md).
 */
export const E2E_BROWSER = process.env.E2E_BROWSER ?? HEADLESS_SHELL;

const desktop = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  // One worker (one browser) per core. Three on 2 cores kept the cores busy (390 s instead of 500 s) but stretched
  // server answers past the 10 s expect timeout under that load (a validation error shown after 12 s).
  workers: Math.max(1, Math.min(4, availableParallelism())),
  forbidOnly: Boolean(process.env.CI),
  // A failed test runs once more, recording a trace; it still fails the run (failOnFlakyTests), so a flaky test
  // is never hidden. Recording every test's trace cost a third of the suite's time.
  retries: 1,
  failOnFlakyTests: true,
  // Every test stays under a third of this on a 2-core machine (npm test prints the slowest).
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL: BASE_URL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: E2E_BROWSER,
      args: [
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // The compositor as a thread of the browser process, not a GPU process of its own: with no GPU it composites
        // in software either way, and the process hop cost ~14 of the suite's ~420 CPU-seconds (decision 0016).
        "--in-process-gpu",
      ],
    },
  },
  projects: [
    // Each demo user signs in once through the form; tests reuse the sessions (e2e/support/auth.ts).
    { name: "sign-in", testMatch: /\.setup\.ts$/, use: desktop },
    // Specs that need the database as seeded (an empty routine library) run first, on their own.
    { name: "fresh-database", testMatch: /fresh-database\.spec\.ts/, dependencies: ["sign-in"], use: desktop },
    { name: "chromium", testIgnore: /fresh-database\.spec\.ts/, dependencies: ["fresh-database"], use: desktop },
  ],
  webServer: {
    command: "node scripts/serve-e2e.mjs",
    url: `${BASE_URL}/sign-in`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
