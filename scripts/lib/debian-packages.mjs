// Installs a Debian package the tests or benchmarks need (Chromium builds) when its binary is missing. Built-ins only.
import { existsSync } from "node:fs";
import { run } from "./prepare.mjs";

/** Debian's Chromium headless shell (package chromium-headless-shell): the browser the e2e tests run in. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

let listsUpdated = false;

/** Makes sure `binary` exists, installing Debian's `pkg` with apt-get when it does not (as root; else says how). */
export function ensureDebianPackage(pkg, binary) {
  if (existsSync(binary)) return console.log(`✔ ${pkg} present (${binary})`);
  if (process.getuid?.() !== 0) {
    console.error(`✖ ${binary} is missing. Install Debian's ${pkg}: sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
  if (!listsUpdated) run("Updating apt package lists", "apt-get", ["update"]);
  listsUpdated = true;
  run(`Installing Debian's ${pkg}`, "apt-get", ["install", "-y", pkg], {
    ...process.env,
    DEBIAN_FRONTEND: "noninteractive",
  });
}

/** Makes sure the e2e tests' browser is installed (playwright.config.ts). */
export function ensureHeadlessShell() {
  ensureDebianPackage("chromium-headless-shell", HEADLESS_SHELL);
}
