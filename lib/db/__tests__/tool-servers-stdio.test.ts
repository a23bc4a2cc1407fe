import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signedIn } from "../../../test/request-context";
import { sealSecret } from "../../crypto";
import { seedDatabase } from "../../demo/seed";
import { sharedToolGateway } from "../../tool-gateway";
import { prisma } from "../core";
import { as } from "../testing/review-test-support";
import { createToolServer, refreshToolServer, toolFilesFolder, tryTool, updateToolServer } from "../tools";

// Issue #15, item 1: an allowlisted stdio command must not become arbitrary code through its environment or its
// further arguments. Every case starts real children through the registry and the gateway: a probe MCP server that
// reports its working folder and environment, and a stand-in `npx` on PATH that records how it was started.

const PROBE = "lib/tool-gateway/__tests__/fixtures/probe-server.ts";
const FILESYSTEM = "@modelcontextprotocol/server-filesystem";
const probeArgs = ["--import", "tsx", PROBE];
let dir: string;
let npxRecord: string;
let marker: string;
const savedPath = process.env.PATH;

/** NODE_OPTIONS that make any node child write `marker`: the attack an unchecked environment allows. */
const nodeOptionsAttack = () => {
  const code = `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "ran");`;
  return `--import=data:text/javascript;base64,${Buffer.from(code).toString("base64")}`;
};

const counts = async () => ({
  servers: await prisma.toolServer.count(),
  snapshots: await prisma.toolSnapshot.count(),
  audit: await prisma.auditLog.count(),
});

/** A row as an admin could have saved it before the checks existed (the start must refuse it on its own). */
const storedBeforeTheFix = (name: string, command: string, args: string[], env?: Record<string, string>) =>
  prisma.toolServer.create({
    data: {
      id: `legacy-${name}`,
      name,
      transport: "stdio",
      command,
      args: JSON.stringify(args),
      envEncrypted: env ? sealSecret(JSON.stringify(env)) : null,
    },
  });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  dir = await mkdtemp(path.join(tmpdir(), "stdio-hardening-"));
  npxRecord = path.join(dir, "npx-record.txt");
  marker = path.join(dir, "attack-ran");
  const npx = [
    "#!/bin/sh",
    `{ printf 'arg:%s\\n' "$@"; printf 'cwd:%s\\n' "$(pwd)"; printf 'entries:%s\\n' "$(ls -A)"; } > '${npxRecord}'`,
    "echo 'fake npx: not an MCP server' >&2",
    "exit 1",
  ].join("\n");
  await writeFile(path.join(dir, "npx"), `${npx}\n`);
  await chmod(path.join(dir, "npx"), 0o755);
  process.env.PATH = `${dir}${path.delimiter}${savedPath}`;
  vi.stubEnv(
    "MCP_STDIO_ALLOWLIST",
    [
      // The probe entry even declares NODE_OPTIONS: a dangerous name stays refused whatever an entry says.
      `node ${probeArgs.join(" ")} env=PROBE_NOTE,NODE_OPTIONS,npm_config_registry,LD_PRELOAD`,
      `node ${probeArgs.join(" ")} --second env=PROBE_NOTE`,
      `npx ${FILESYSTEM}@2026.8.31 args=roots`,
    ].join(";"),
  );
});
beforeEach(async () => {
  await as("admin");
  await rm(npxRecord, { force: true });
});
afterAll(async () => {
  process.env.PATH = savedPath;
  vi.unstubAllEnvs();
  await sharedToolGateway().close();
  await rm(dir, { recursive: true, force: true });
});

describe("the environment of a stdio server", () => {
  it("refuses NODE_OPTIONS and its kind at save beside the field, storing nothing and starting nothing", async () => {
    const before = await counts();
    for (const [name, value] of [
      ["NODE_OPTIONS", nodeOptionsAttack()],
      ["npm_config_registry", "https://registry.attacker.example"],
      ["LD_PRELOAD", "/tmp/evil.so"],
    ]) {
      await expect(
        createToolServer(signedIn(), {
          name: "probe-attack",
          transport: { kind: "stdio", command: "node", args: probeArgs, env: { [name]: value } },
        }),
      ).rejects.toMatchObject({
        name: "ValidationError",
        fieldErrors: {
          env: [`${name} is never passed to a tool server: it could make the server run or fetch other code.`],
        },
      });
    }
    expect(await counts()).toEqual(before);
    expect(existsSync(marker)).toBe(false);
  });

  it("refuses a name the entry does not declare", async () => {
    await expect(
      createToolServer(signedIn(), {
        name: "probe-undeclared",
        transport: { kind: "stdio", command: "node", args: probeArgs, env: { OTHER_NAME: "x" } },
      }),
    ).rejects.toMatchObject({
      fieldErrors: { env: [expect.stringMatching(/accepts only the environment variables/)] },
    });
  });

  it("never starts a stored server whose environment holds a refused name", async () => {
    const row = await storedBeforeTheFix("probe-legacy", "node", probeArgs, { NODE_OPTIONS: nodeOptionsAttack() });
    const outcome = await refreshToolServer(signedIn(), row.id);
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/may not start: NODE_OPTIONS is never/) });
    expect(existsSync(marker)).toBe(false);
    expect(await prisma.toolSnapshot.count({ where: { serverId: row.id } })).toBe(0);
    expect((await prisma.toolServer.findUniqueOrThrow({ where: { id: row.id } })).envEncrypted).toBe(row.envEncrypted);
  }, 30_000);

  it("passes a declared name; the child starts in an empty folder of its own and gets none of the app's secrets", async () => {
    const { id, refresh } = await createToolServer(signedIn(), {
      name: "probe",
      transport: { kind: "stdio", command: "node", args: probeArgs, env: { PROBE_NOTE: "hello-probe" } },
    });
    expect(refresh).toMatchObject({ ok: true, toolCount: 1 });
    const result = await tryTool(signedIn(), { serverId: id, toolName: "whoami", arguments: {} });
    const report = JSON.parse(result.text) as { cwd: string; cwdEntries: string[]; env: Record<string, string> };
    expect(report.env.PROBE_NOTE).toBe("hello-probe");
    for (const name of ["BETTER_AUTH_SECRET", "DATABASE_URL", "MCP_STDIO_ALLOWLIST", "NODE_OPTIONS"])
      expect(report.env[name], name).toBeUndefined();
    expect(report.cwdEntries).toEqual([]);
    const app = await realpath(process.cwd());
    expect(path.relative(app, await realpath(report.cwd)).startsWith("..")).toBe(true);
    // The folder goes with the child.
    await sharedToolGateway().invalidate(id);
    await vi.waitFor(() => expect(existsSync(report.cwd)).toBe(false), { timeout: 5_000 });
  }, 40_000);
});

describe("further arguments: folders for server-filesystem", () => {
  const addFilesystem = (name: string, root: string) =>
    createToolServer(signedIn(), { name, transport: { kind: "stdio", command: "npx", args: [FILESYSTEM, root] } });

  it("refuses `.`, the app folder, / and a way out of the tool files folder at save, starting nothing", async () => {
    const folder = toolFilesFolder();
    await mkdir(folder, { recursive: true });
    await symlink(process.cwd(), path.join(folder, "link-to-app")).catch(() => undefined);
    const before = await counts();
    for (const [root, reason] of [
      [".", /"\." is not an absolute path\. Give each folder as an absolute path inside /],
      [process.cwd(), /is outside .*tool-files, the only folder tool servers may be given/],
      ["/", /is outside/],
      [path.join(folder, ".."), /is outside/],
      [path.join(folder, "link-to-app"), /is outside/],
      [path.join(folder, "link-to-app", "data"), /is outside/],
    ] as const) {
      await expect(addFilesystem("files", root)).rejects.toMatchObject({
        name: "ValidationError",
        fieldErrors: { args: [expect.stringMatching(reason)] },
      });
    }
    expect(await counts()).toEqual(before);
    expect(existsSync(npxRecord)).toBe(false);
  });

  it("never starts a stored server whose root is outside the tool files folder", async () => {
    const row = await storedBeforeTheFix("files-legacy", "npx", [FILESYSTEM, "."]);
    expect(await refreshToolServer(signedIn(), row.id)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/may not start: "\." is not an absolute path/),
    });
    expect(existsSync(npxRecord)).toBe(false);
  });

  it("starts a root inside it as its real path, in an empty folder; a link swapped in later stops the next start", async () => {
    const reports = path.join(toolFilesFolder(), "reports");
    await mkdir(reports, { recursive: true });
    const { id } = await addFilesystem("files", reports);
    const record = (await readFile(npxRecord, "utf8")).trim().split("\n");
    expect(record.filter((line) => line.startsWith("arg:"))).toEqual([
      "arg:--yes",
      `arg:${FILESYSTEM}@2026.8.31`,
      `arg:${await realpath(reports)}`,
    ]);
    expect(record).toContain("entries:");
    expect(record.find((line) => line.startsWith("cwd:"))).not.toBe(`cwd:${process.cwd()}`);

    await rm(npxRecord);
    await rm(reports, { recursive: true });
    await symlink(process.cwd(), reports);
    expect(await refreshToolServer(signedIn(), id)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/may not start: ".*reports" is outside/),
    });
    expect(existsSync(npxRecord)).toBe(false);
  });
});

describe("a stored environment follows the command line", () => {
  it("is dropped when the arguments change without a new one, and never reaches the new child", async () => {
    const { id } = await createToolServer(signedIn(), {
      name: "probe-moves",
      transport: { kind: "stdio", command: "node", args: probeArgs, env: { PROBE_NOTE: "kept-for-this-command" } },
    });
    // Only the description changes: the stored environment stays.
    const same = await updateToolServer(signedIn(), id, {
      name: "probe-moves",
      description: "Same command",
      transport: { kind: "stdio", command: "node", args: probeArgs },
    });
    expect(same.dropped).toEqual([]);
    const kept = await tryTool(signedIn(), { serverId: id, toolName: "whoami", arguments: {} });
    expect(JSON.parse(kept.text).env.PROBE_NOTE).toBe("kept-for-this-command");

    const moved = await updateToolServer(signedIn(), id, {
      name: "probe-moves",
      transport: { kind: "stdio", command: "node", args: [...probeArgs, "--second"] },
    });
    expect(moved).toMatchObject({ dropped: ["environment"], refresh: { ok: true } });
    expect((await prisma.toolServer.findUniqueOrThrow({ where: { id } })).envEncrypted).toBeNull();
    const report = await tryTool(signedIn(), { serverId: id, toolName: "whoami", arguments: {} });
    expect(JSON.parse(report.text).env.PROBE_NOTE).toBeUndefined();
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "tool_server.updated", targetId: id },
      orderBy: { at: "desc" },
    });
    expect(JSON.parse(audit.detail!)).toMatchObject({ secretsDropped: ["environment"] });
  }, 60_000);
});
