import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createToolGateway } from "../gateway";
import type { ToolGateway, ToolServerConfig } from "../types";
import { caught, ROOT } from "./helpers";

// What every stdio child gets from the gateway itself, whatever its caller passed: a fresh empty working folder
// that goes when the child does, and never an environment variable that runs or fetches other code.

const PROBE = path.join(import.meta.dirname, "fixtures", "probe-server.ts");
const TSX = pathToFileURL(path.join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;
const probe = (env: Record<string, string> = {}): ToolServerConfig => ({
  id: "probe",
  name: "Probe",
  // No cwd, as the registry gives none: the loader and the script are absolute.
  transport: { kind: "stdio", command: process.execPath, args: ["--import", TSX, PROBE], env },
});

let gateway: ToolGateway;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gateway-sandbox-"));
});
afterEach(() => gateway.close());
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a stdio child's start", () => {
  it("is in an empty folder of its own, removed once the child is gone", async () => {
    gateway = createToolGateway();
    const result = await gateway.callTool(probe({ PROBE_NOTE: "x" }), "whoami", {});
    const report = JSON.parse(result.text) as { cwd: string; cwdEntries: string[]; env: Record<string, string> };
    expect(report.cwdEntries).toEqual([]);
    expect(report.cwd).not.toBe(process.cwd());
    expect(report.env.PROBE_NOTE).toBe("x");
    await gateway.close();
    await vi.waitFor(() => expect(existsSync(report.cwd)).toBe(false), { timeout: 5_000 });
  }, 30_000);

  it("is refused, spawning nothing, when its environment names NODE_OPTIONS or the like", async () => {
    gateway = createToolGateway();
    const marker = path.join(dir, "ran");
    const code = `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "ran");`;
    const attack = `--import=data:text/javascript;base64,${Buffer.from(code).toString("base64")}`;
    const attempts: Record<string, string>[] = [
      { NODE_OPTIONS: attack },
      { node_options: attack },
      { LD_PRELOAD: "/tmp/x.so" },
    ];
    for (const env of attempts) {
      const error = await caught(() => gateway.listTools({ ...probe(env), id: Object.keys(env)[0]! }));
      expect(error).toMatchObject({ code: "server_unavailable", retryable: false });
      expect(error.message).toMatch(/was not started: .* is never passed to a tool server/);
    }
    expect(existsSync(marker)).toBe(false);
  });
});
