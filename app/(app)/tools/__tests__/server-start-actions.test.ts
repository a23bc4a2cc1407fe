import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { as } from "@/lib/db/testing/review-test-support";
import { idleState } from "@/lib/forms";
import { sharedToolGateway } from "@/lib/tool-gateway";
import { createToolServerAction, refreshToolServerAction } from "../actions";

// Registering a stdio server as the Tools page's form posts it, with `npx` replaced by a stand-in on PATH that
// records the arguments it was spawned with and answers as npx does: without --yes (no terminal), it refuses.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const MEMORY = "@modelcontextprotocol/server-memory";
let dir: string;
let argsFile: string;
const saved = { PATH: process.env.PATH, allowlist: process.env.MCP_STDIO_ALLOWLIST };

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  dir = await mkdtemp(path.join(tmpdir(), "fake-npx-"));
  argsFile = path.join(dir, "args.txt");
  const npx = [
    "#!/bin/sh",
    `printf '%s\\n' "$@" > '${argsFile}'`,
    'case " $* " in *" --yes "*|*" -y "*) ;; *)',
    `  echo 'npm error npx canceled due to missing packages and no YES option: ["${MEMORY}@2026.8.31"]' >&2`,
    "  echo 'npm error A complete log of this run can be found in: /root/.npm/_logs/debug-0.log' >&2",
    "  exit 1;;",
    "esac",
    // With --yes it "installs" and starts, then fails on its own: this stand-in is no MCP server.
    "echo 'Error: Cannot find module memory-store.json' >&2",
    "echo 'Node.js v22.0.0' >&2",
    "exit 1",
  ].join("\n");
  await writeFile(path.join(dir, "npx"), `${npx}\n`);
  await chmod(path.join(dir, "npx"), 0o755);
  process.env.PATH = `${dir}${path.delimiter}${saved.PATH}`;
  process.env.MCP_STDIO_ALLOWLIST = `npx ${MEMORY}@2026.8.31; no-such-mcp-command-4711`;
});
beforeEach(() => as("admin"));
afterAll(async () => {
  process.env.PATH = saved.PATH;
  if (saved.allowlist === undefined) delete process.env.MCP_STDIO_ALLOWLIST;
  else process.env.MCP_STDIO_ALLOWLIST = saved.allowlist;
  await sharedToolGateway().close();
  await rm(dir, { recursive: true, force: true });
});

const addStdio = (name: string, command: string, args: string) =>
  createToolServerAction(idleState, formData({ name, description: "", transport: "stdio", command, args }));

describe("starting an allowlisted npx package", () => {
  it("spawns npx with --yes and the pinned version, and says beside the command why it stopped", async () => {
    const state = await addStdio("memory", "npx", MEMORY);
    // npx got --yes (so it did not refuse to install) and the version the allowlist pins.
    expect((await readFile(argsFile, "utf8")).trim().split("\n")).toEqual(["--yes", `${MEMORY}@2026.8.31`]);
    expect(state).toMatchObject({
      status: "success",
      message: "Server added. It could not start, so its tools are not listed yet: the reason is beside the command.",
    });
    const startError = state.status === "success" ? state.data?.startError : undefined;
    // The process's telling line, not npm's log path or node's version banner.
    expect(startError).toMatch(
      /exited or closed the connection during the MCP handshake\. Its last output: Error: Cannot find module memory-store\.json$/,
    );
    const row = await prisma.toolServer.findUniqueOrThrow({ where: { name: "memory" } });
    expect(row).toMatchObject({ status: "error", command: "npx", args: JSON.stringify([MEMORY]) });
  });

  it("spawns the admin's -y and pinned spelling the same way", async () => {
    await addStdio("memory-pinned", "npx", `-y ${MEMORY}@2026.8.31`);
    expect((await readFile(argsFile, "utf8")).trim().split("\n")).toEqual(["--yes", `${MEMORY}@2026.8.31`]);
  });

  it("refuses another version of the package beside the command field, spawning nothing", async () => {
    await rm(argsFile, { force: true });
    const state = await addStdio("memory-latest", "npx", `${MEMORY}@latest`);
    expect(state).toMatchObject({
      status: "error",
      fieldErrors: { command: [expect.stringMatching(/not on the allowlist/)] },
    });
    await expect(readFile(argsFile, "utf8")).rejects.toThrow();
  });
});

describe("a command that cannot start", () => {
  it("gives the form the spawn error for the command field, and a refresh says it again", async () => {
    const state = await addStdio("missing", "no-such-mcp-command-4711", "");
    expect(state.status).toBe("success");
    expect(state.status === "success" ? state.data?.startError : undefined).toBe(
      'Server "missing" could not be started: the command was not found or is not executable (ENOENT).',
    );
    const { id } = await prisma.toolServer.findUniqueOrThrow({ where: { name: "missing" } });
    await sharedToolGateway().invalidate(id);
    expect(await refreshToolServerAction(idleState, formData({ serverId: id }))).toEqual({
      status: "error",
      message:
        'The server could not be reached: Server "missing" could not be started: the command was not found or is not executable (ENOENT).',
    });
  });
});
