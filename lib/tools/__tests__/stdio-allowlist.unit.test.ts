import { describe, expect, it } from "vitest";
import {
  configuredStdioAllowlist,
  DEFAULT_STDIO_ALLOWLIST,
  matchingEntries,
  parseStdioAllowlist,
  stdioSpawnWords,
} from "../stdio-allowlist";
import { checkStdioServer, describeEntryPermits, type StdioCheck } from "../stdio-check";
import { isForbiddenEnvName } from "../stdio-env";

const allowlist = parseStdioAllowlist(
  [
    "npx @modelcontextprotocol/server-everything args=stdio",
    "node --import tsx scripts/demo-hr-server.ts --stdio",
    "uvx mcp-server-time args=--local-timezone=*,--verbose env=TZ_HINT",
    "npx @acme/mcp-crm@1.2.0 env=CRM_TOKEN,CRM_*,NODE_OPTIONS",
    "npx @modelcontextprotocol/server-filesystem@2026.8.31 args=roots",
  ].join("\n"),
);

/** Roots are checked by the server side against the file system; here: anything under /data/tool-files. */
const policy = {
  allowlist,
  checkRoot: (path: string) => (path.startsWith("/data/tool-files/") ? null : `"${path}" is outside /data/tool-files.`),
};

const check = (command: string, args: string[], envNames: string[] = []) =>
  checkStdioServer({ command, args, envNames }, policy);
const refusals = (result: StdioCheck) => (result.ok ? {} : result.refusals);

describe("parsing the allowlist", () => {
  it("reads entries separated by ; or newlines, with env= and args= options wherever they stand", () => {
    expect(parseStdioAllowlist("npx a@1 env=A,B_* args=roots; deno run mcp.ts\nuvx env=X t args=--x,--y=*")).toEqual([
      { command: "npx", args: ["a@1"], env: ["A", "B_*"], trailing: { kind: "roots" } },
      { command: "deno", args: ["run", "mcp.ts"], env: [], trailing: { kind: "none" } },
      { command: "uvx", args: ["t"], env: ["X"], trailing: { kind: "words", patterns: ["--x", "--y=*"] } },
    ]);
  });

  it("keeps an old entry meaning exactly what it names: no environment, nothing after its arguments", () => {
    expect(parseStdioAllowlist("npx @modelcontextprotocol/server-memory@2026.8.31")).toEqual([
      { command: "npx", args: ["@modelcontextprotocol/server-memory@2026.8.31"], env: [], trailing: { kind: "none" } },
    ]);
  });

  it("ignores env= words that are not names (no wildcard for everything)", () => {
    expect(parseStdioAllowlist("npx a env=*,A=1,OK")[0]!.env).toEqual(["OK"]);
  });

  it("uses MCP_STDIO_ALLOWLIST when set, the built-in list otherwise, whose entries declare what they need", () => {
    expect(configuredStdioAllowlist({ MCP_STDIO_ALLOWLIST: "deno run mcp.ts" })).toEqual([
      { command: "deno", args: ["run", "mcp.ts"], env: [], trailing: { kind: "none" } },
    ]);
    const defaults = configuredStdioAllowlist({});
    expect(defaults.map((entry) => [entry.args.at(-1), entry.trailing.kind, entry.env])).toEqual([
      ["--stdio", "none", []],
      ["@modelcontextprotocol/server-everything@2026.8.31", "words", []],
      ["@modelcontextprotocol/server-memory@2026.8.31", "none", []],
      ["@modelcontextprotocol/server-filesystem@2026.8.31", "roots", []],
    ]);
    expect(parseStdioAllowlist(DEFAULT_STDIO_ALLOWLIST)).toEqual(defaults);
  });
});

describe("checking a server against the allowlist", () => {
  it("accepts an entry's command line with what it declares, and says which entry matched", () => {
    expect(check("npx", ["@modelcontextprotocol/server-everything"])).toMatchObject({ ok: true, trailing: [] });
    expect(check("npx", ["@modelcontextprotocol/server-everything", "stdio"])).toMatchObject({
      ok: true,
      trailing: ["stdio"],
    });
    expect(check("node", ["--import", "tsx", "scripts/demo-hr-server.ts", "--stdio"]).ok).toBe(true);
    expect(check("uvx", ["mcp-server-time", "--local-timezone=Europe/Paris", "--verbose"], ["TZ_HINT"]).ok).toBe(true);
    expect(check("npx", ["@acme/mcp-crm@1.2.0"], ["CRM_TOKEN", "CRM_REGION"]).ok).toBe(true);
    expect(check("npx", ["@modelcontextprotocol/server-filesystem", "/data/tool-files/a"]).ok).toBe(true);
  });

  it("refuses other commands, other packages and shell lines beside the command, naming what is allowed", () => {
    for (const [command, args] of [
      ["bash", ["-c", "rm -rf /"]],
      ["npx", ["some-other-package"]],
      ["node", ["evil.js"]],
      ["npx @modelcontextprotocol/server-everything", []],
    ] as const) {
      const { command: refusal } = refusals(check(command, [...args]));
      expect(refusal).toMatch(/not on the allowlist/);
      expect(refusal).toContain("npx @modelcontextprotocol/server-everything");
    }
  });

  it("refuses further arguments an entry does not declare, beside the arguments", () => {
    expect(refusals(check("node", ["--import", "tsx", "scripts/demo-hr-server.ts", "--stdio", "--http"]))).toEqual({
      args: '"node --import tsx scripts/demo-hr-server.ts --stdio" takes no further arguments (remove "--http").',
    });
    expect(refusals(check("npx", ["@modelcontextprotocol/server-everything", "sse"]))).toEqual({
      args: '"npx @modelcontextprotocol/server-everything" accepts only these further arguments: stdio (not "sse").',
    });
    expect(refusals(check("uvx", ["mcp-server-time", "--local-timezone=X", "--other"])).args).toMatch(/not "--other"/);
  });

  it("refuses roots the server side does not admit, and inline code anywhere after the prefix", () => {
    expect(refusals(check("npx", ["@modelcontextprotocol/server-filesystem", "/data/tool-files/a", "/etc"]))).toEqual({
      args: '"/etc" is outside /data/tool-files.',
    });
    expect(refusals(check("npx", ["@modelcontextprotocol/server-everything", "--eval=process.exit()"])).args).toMatch(
      /inline code/,
    );
    expect(refusals(check("uvx", ["mcp-server-time", "-e"])).args).toMatch(/inline code/);
  });

  it("refuses environment names an entry does not declare, and dangerous ones even when it does", () => {
    expect(refusals(check("npx", ["@modelcontextprotocol/server-everything"], ["HR_NOTE"]))).toEqual({
      env: '"npx @modelcontextprotocol/server-everything" accepts no environment variables (remove HR_NOTE).',
    });
    expect(refusals(check("npx", ["@acme/mcp-crm@1.2.0"], ["OTHER"])).env).toBe(
      '"npx @acme/mcp-crm@1.2.0" accepts only the environment variables CRM_TOKEN, CRM_* (not OTHER).',
    );
    // NODE_OPTIONS is declared by that entry, and still refused: it would run code of the admin's choosing.
    for (const name of ["NODE_OPTIONS", "npm_config_registry", "LD_PRELOAD", "PATH"]) {
      expect(refusals(check("npx", ["@acme/mcp-crm@1.2.0"], [name])).env).toBe(
        `${name} is never passed to a tool server: it could make the server run or fetch other code.`,
      );
    }
  });

  it("tries every entry that matches before refusing, and reports the first one's reasons", () => {
    const two = parseStdioAllowlist("npx pkg@1; npx pkg@1 args=--x env=K");
    const both = { allowlist: two, checkRoot: () => null };
    expect(checkStdioServer({ command: "npx", args: ["pkg", "--x"], envNames: ["K"] }, both).ok).toBe(true);
    expect(checkStdioServer({ command: "npx", args: ["pkg", "--y"], envNames: [] }, both)).toEqual({
      ok: false,
      refusals: { args: '"npx pkg@1" takes no further arguments (remove "--y").' },
    });
  });
});

describe("dangerous environment names", () => {
  it("covers the loaders, package managers and runtimes that run or fetch code, in any case", () => {
    for (const name of [
      "NODE_OPTIONS",
      "node_options",
      "NODE_PATH",
      "npm_config_registry",
      "NPM_CONFIG_USERCONFIG",
      "LD_PRELOAD",
      "LD_LIBRARY_PATH",
      "DYLD_INSERT_LIBRARIES",
      "PATH",
      "HOME",
      "PYTHONPATH",
      "PIP_INDEX_URL",
      "UV_INDEX_URL",
      "BASH_ENV",
      "GLIBC_TUNABLES",
      "GIT_SSH_COMMAND",
      "JAVA_TOOL_OPTIONS",
      "HTTPS_PROXY",
      "NODE_TLS_REJECT_UNAUTHORIZED",
    ])
      expect(isForbiddenEnvName(name), name).toBe(true);
    for (const name of ["CRM_TOKEN", "GITHUB_TOKEN", "NODE_ENV", "TZ", "API_KEY"])
      expect(isForbiddenEnvName(name), name).toBe(false);
  });
});

describe("what an entry permits, for the form", () => {
  it("says what may follow and which names may be set, leaving out names that are never passed", () => {
    expect(allowlist.map((entry) => describeEntryPermits(entry, "/data/tool-files"))).toEqual([
      "Further arguments: stdio. Environment: none.",
      "Further arguments: nothing more. Environment: none.",
      "Further arguments: --local-timezone=*, --verbose. Environment: TZ_HINT.",
      "Further arguments: nothing more. Environment: CRM_TOKEN, CRM_*.",
      "Further arguments: folders inside /data/tool-files, as absolute paths. Environment: none.",
    ]);
  });
});

describe("npx packages", () => {
  const pinned = parseStdioAllowlist(
    "npx @modelcontextprotocol/server-memory@2026.8.31; npx unpinned-mcp; npx @x/files@1.0.0 args=roots",
  );
  const pinnedPolicy = { allowlist: pinned, checkRoot: () => null };
  const MEMORY = "@modelcontextprotocol/server-memory";
  const npx = (args: string[]) => checkStdioServer({ command: "npx", args, envNames: [] }, pinnedPolicy);

  it("pins every npx package of the built-in list to a version", () => {
    const entries = parseStdioAllowlist(DEFAULT_STDIO_ALLOWLIST).filter((entry) => entry.command === "npx");
    expect(entries.map((entry) => entry.args[0])).toEqual([
      "@modelcontextprotocol/server-everything@2026.8.31",
      "@modelcontextprotocol/server-memory@2026.8.31",
      "@modelcontextprotocol/server-filesystem@2026.8.31",
    ]);
  });

  it("accepts the bare package, the pinned version and npx's -y/--yes, and refuses any other version", () => {
    expect(npx([MEMORY]).ok).toBe(true);
    expect(npx([`${MEMORY}@2026.8.31`]).ok).toBe(true);
    expect(npx(["-y", MEMORY]).ok).toBe(true);
    expect(npx(["--yes", "@x/files@1.0.0", "/data"]).ok).toBe(true);
    for (const args of [[`${MEMORY}@latest`], [`${MEMORY}@0.0.1`], ["unpinned-mcp@9.9.9"]])
      expect(refusals(npx(args)).command).toMatch(/not on the allowlist/);
  });

  it("still refuses other packages and inline code behind the yes flag", () => {
    expect(refusals(npx(["-y", "some-other-package"])).command).toMatch(/not on the allowlist/);
    expect(refusals(npx(["--package=evil", MEMORY])).command).toMatch(/not on the allowlist/);
    expect(refusals(npx(["-y", "@x/files", "-e", "process.exit()"])).args).toMatch(/inline code/);
    expect(refusals(npx(["-y", "--eval=1", MEMORY])).command).toMatch(/not on the allowlist/);
  });

  it("spawns an allowed npx package with --yes at its pinned version, whatever the admin wrote", () => {
    for (const args of [[MEMORY], ["-y", MEMORY], [`${MEMORY}@2026.8.31`], ["--yes", "-y", MEMORY]]) {
      expect(stdioSpawnWords(matchingEntries("npx", args, pinned)[0]!)).toEqual({
        command: "npx",
        args: ["--yes", `${MEMORY}@2026.8.31`],
      });
    }
    expect(stdioSpawnWords(matchingEntries("npx", ["@x/files", "/srv/data"], pinned)[0]!).args).toEqual([
      "--yes",
      "@x/files@1.0.0",
      "/srv/data",
    ]);
    expect(stdioSpawnWords(matchingEntries("npx", ["unpinned-mcp"], pinned)[0]!).args).toEqual([
      "--yes",
      "unpinned-mcp",
    ]);
  });

  it("spawns other commands as matched", () => {
    const node = ["--import", "tsx", "scripts/demo-hr-server.ts", "--stdio"];
    expect(stdioSpawnWords(matchingEntries("node", node, allowlist)[0]!)).toEqual({ command: "node", args: node });
  });
});
