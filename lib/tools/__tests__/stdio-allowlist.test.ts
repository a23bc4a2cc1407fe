import { describe, expect, it } from "vitest";
import { checkStdioCommand, configuredStdioAllowlist, parseStdioAllowlist } from "../stdio-allowlist";

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
});
