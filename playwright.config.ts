import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { BASE_URL } from "./e2e/support/env";

// Chromium must not write into HOME, and must not try the network at start (the machine has none).
const chromiumHome = mkdtempSync(path.join(tmpdir(), "routine-studio-chromium-"));
process.env.XDG_CONFIG_HOME ??= chromiumHome;
process.env.XDG_CACHE_HOME ??= chromiumHome;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    // Specs that need the database as seeded (an empty routine library) run first, on their own.
    { name: "fresh-database", testMatch: /fresh-database\.spec\.ts/, use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "chromium",
      testIgnore: /fresh-database\.spec\.ts/,
      dependencies: ["fresh-database"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
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
