import { describe, expect, it } from "vitest";
import {
  checkStdioCommand,
  configuredStdioAllowlist,
  DEFAULT_STDIO_ALLOWLIST,
  parseStdioAllowlist,
  stdioSpawnCommand,
} from "../stdio-allowlist";

const allowlist = parseStdioAllowlist(
  "npx @modelcontextprotocol/server-everything; node --import tsx scripts/demo-hr-server.ts --stdio\nuvx mcp-server-time",
);

describe("stdio command allowlist", () => {
  it("parses entries separated by ; or newlines", () => {
    expect(allowlist).toEqual([
      { command: "npx", args: ["@modelcontextprotocol/server-everything"] },
      { command: "node", args: ["--import", "tsx", "scripts/demo-hr-server.ts", "--stdio"] },
      { command: "uvx", args: ["mcp-server-time"] },
    ]);
  });

  it("allows a listed command with the listed leading arguments, and more after them", () => {
    expect(checkStdioCommand("npx", ["@modelcontextprotocol/server-everything"], allowlist)).toBeNull();
    expect(checkStdioCommand("npx", ["@modelcontextprotocol/server-everything", "stdio"], allowlist)).toBeNull();
    expect(
      checkStdioCommand("node", ["--import", "tsx", "scripts/demo-hr-server.ts", "--stdio"], allowlist),
    ).toBeNull();
  });

  it("refuses other commands, other packages and shell lines, naming what is allowed", () => {
    for (const [command, args] of [
      ["bash", ["-c", "rm -rf /"]],
      ["npx", ["some-other-package"]],
      ["node", ["evil.js"]],
      ["npx @modelcontextprotocol/server-everything", []],
    ] as const) {
      const refusal = checkStdioCommand(command, args, allowlist);
      expect(refusal).toMatch(/not on the allowlist/);
      expect(refusal).toContain("npx @modelcontextprotocol/server-everything");
    }
  });

  it("refuses inline-code flags after an allowed prefix", () => {
    expect(
      checkStdioCommand("npx", ["@modelcontextprotocol/server-everything", "--eval=process.exit()"], allowlist),
    ).toMatch(/inline code/);
  });

  it("uses MCP_STDIO_ALLOWLIST when set, the built-in list otherwise", () => {
    expect(configuredStdioAllowlist({ MCP_STDIO_ALLOWLIST: "deno run mcp.ts" })).toEqual([
      { command: "deno", args: ["run", "mcp.ts"] },
    ]);
    expect(configuredStdioAllowlist({}).map((entry) => entry.command)).toContain("npx");
  });

  describe("npx packages", () => {
    const pinned = parseStdioAllowlist("npx @modelcontextprotocol/server-memory@2026.8.31; npx unpinned-mcp");
    const MEMORY = "@modelcontextprotocol/server-memory";

    it("pins every npx package of the built-in list to a version", () => {
      const npx = parseStdioAllowlist(DEFAULT_STDIO_ALLOWLIST).filter((entry) => entry.command === "npx");
      expect(npx.map((entry) => entry.args[0])).toEqual([
        "@modelcontextprotocol/server-everything@2026.8.31",
        "@modelcontextprotocol/server-memory@2026.8.31",
        "@modelcontextprotocol/server-filesystem@2026.8.31",
      ]);
    });

    it("accepts the bare package, the pinned version and npx's -y/--yes, and refuses any other version", () => {
      expect(checkStdioCommand("npx", [MEMORY], pinned)).toBeNull();
      expect(checkStdioCommand("npx", [`${MEMORY}@2026.8.31`], pinned)).toBeNull();
      expect(checkStdioCommand("npx", ["-y", MEMORY], pinned)).toBeNull();
      expect(checkStdioCommand("npx", ["--yes", `${MEMORY}@2026.8.31`, "/data"], pinned)).toBeNull();
      expect(checkStdioCommand("npx", [`${MEMORY}@latest`], pinned)).toMatch(/not on the allowlist/);
      expect(checkStdioCommand("npx", [`${MEMORY}@0.0.1`], pinned)).toMatch(/not on the allowlist/);
      expect(checkStdioCommand("npx", ["unpinned-mcp@9.9.9"], pinned)).toMatch(/not on the allowlist/);
    });

    it("still refuses other packages and inline code behind the yes flag", () => {
      expect(checkStdioCommand("npx", ["-y", "some-other-package"], pinned)).toMatch(/not on the allowlist/);
      expect(checkStdioCommand("npx", ["--package=evil", MEMORY], pinned)).toMatch(/not on the allowlist/);
      expect(checkStdioCommand("npx", ["-y", MEMORY, "-e", "process.exit()"], pinned)).toMatch(/inline code/);
      expect(checkStdioCommand("npx", ["-y", "--eval=1", MEMORY], pinned)).toMatch(/not on the allowlist/);
    });

    it("spawns an allowed npx package with --yes at its pinned version, whatever the admin wrote", () => {
      for (const args of [[MEMORY], ["-y", MEMORY], [`${MEMORY}@2026.8.31`], ["--yes", "-y", MEMORY]]) {
        expect(stdioSpawnCommand("npx", args, pinned)).toEqual({
          command: "npx",
          args: ["--yes", `${MEMORY}@2026.8.31`],
        });
      }
      expect(stdioSpawnCommand("npx", [MEMORY, "/srv/data"], pinned).args).toEqual([
        "--yes",
        `${MEMORY}@2026.8.31`,
        "/srv/data",
      ]);
      expect(stdioSpawnCommand("npx", ["unpinned-mcp"], pinned).args).toEqual(["--yes", "unpinned-mcp"]);
    });

    it("spawns other commands as written", () => {
      const node = ["--import", "tsx", "scripts/demo-hr-server.ts", "--stdio"];
      expect(stdioSpawnCommand("node", node, allowlist)).toEqual({ command: "node", args: node });
    });
  });
});
