import { execFileSync } from "node:child_process";
import path from "node:path";
import type { ToolServerConfig } from "../types";

/** The project root: stdio fixtures run from here so `--import tsx` resolves. */
export const ROOT = path.resolve(import.meta.dirname, "../../..");

const FIXTURE = path.join(import.meta.dirname, "fixtures", "stdio-server.ts");
const EVERYTHING = path.join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

/** The fixture server over stdio; `mode` selects a misbehaviour (see fixtures/stdio-server.ts). */
export function stdioFixture(
  options: { id?: string; mode?: string; env?: Record<string, string> } = {},
): ToolServerConfig {
  return {
    id: options.id ?? "fixture",
    name: "Fixture",
    transport: {
      kind: "stdio",
      command: process.execPath,
      args: ["--import", "tsx", FIXTURE],
      cwd: ROOT,
      env: { ...options.env, ...(options.mode ? { FIXTURE_MODE: options.mode } : {}) },
    },
  };
}

/** `@modelcontextprotocol/server-everything` over stdio. */
export function everythingStdio(): ToolServerConfig {
  return {
    id: "everything",
    name: "Everything",
    transport: { kind: "stdio", command: process.execPath, args: [EVERYTHING, "stdio"], cwd: ROOT },
  };
}

export function httpServer(url: string, bearerToken?: string, id = "http"): ToolServerConfig {
  return { id, name: "Remote", transport: { kind: "http", url, bearerToken } };
}

/** Resolves once `pid` no longer exists (signal 0 probes without killing). */
export async function waitForExit(pid: number, withinMs = 5_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`process ${pid} still running after ${withinMs} ms`);
}

/** Runs `fn` and returns what it threw (fails the test if it did not throw). */
export async function caught(
  fn: () => Promise<unknown>,
): Promise<{ code?: string; message: string; details?: unknown; retryable?: boolean }> {
  try {
    await fn();
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error("expected a rejection");
}

/** This test process's live children whose command line contains `marker` (zombies count: they were not reaped). */
export function childProcesses(marker: string): string[] {
  let out = "";
  try {
    out = execFileSync("ps", ["-o", "pid=,stat=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  } catch {
    return []; // ps exits 1 when there are no children at all.
  }
  return out.split("\n").filter((line) => line.includes(marker));
}
