/**
 * Which stdio commands admins may register. An entry is a command and the arguments it must start with, e.g.
 * `npx @modelcontextprotocol/server-everything`; a server's command must equal the entry's and its arguments
 * must begin with the entry's (more may follow). Commands are spawned without a shell, so an argument is never
 * interpreted as a shell line; still, runtime flags that run inline code are refused outright.
 */
export type StdioAllowlistEntry = { command: string; args: string[] };

/** The allowlist when MCP_STDIO_ALLOWLIST is unset: our demo server and the MCP reference servers. */
export const DEFAULT_STDIO_ALLOWLIST = [
  "node --import tsx scripts/demo-hr-server.ts --stdio",
  "npx @modelcontextprotocol/server-everything",
  "npx @modelcontextprotocol/server-memory",
  "npx @modelcontextprotocol/server-filesystem",
].join(";");

/** Flags that make node/npx/deno/bun evaluate code given on the command line. */
const INLINE_CODE_FLAGS = new Set([
  "-e",
  "--eval",
  "-p",
  "--print",
  "-c",
  "--call",
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
]);

/** Parses `;`- or newline-separated entries; words are split on whitespace (no quoting: keep entries simple). */
export function parseStdioAllowlist(config: string | undefined = DEFAULT_STDIO_ALLOWLIST): StdioAllowlistEntry[] {
  return config
    .split(/[;\n]/)
    .map((line) => line.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0)
    .map(([command, ...args]) => ({ command: command!, args }));
}

/** The allowlist in effect for this process. */
export function configuredStdioAllowlist(env: Record<string, string | undefined> = process.env): StdioAllowlistEntry[] {
  return parseStdioAllowlist(env.MCP_STDIO_ALLOWLIST?.trim() || DEFAULT_STDIO_ALLOWLIST);
}

export const describeEntry = (entry: StdioAllowlistEntry) => [entry.command, ...entry.args].join(" ");

/** null when the command may run; otherwise why not, in a sentence an admin can act on. */
export function checkStdioCommand(
  command: string,
  args: readonly string[],
  allowlist: readonly StdioAllowlistEntry[],
): string | null {
  const entry = allowlist.find(
    (candidate) => candidate.command === command && candidate.args.every((arg, i) => args[i] === arg),
  );
  if (!entry) {
    const allowed = allowlist.map(describeEntry).join("; ") || "none";
    return `"${[command, ...args].join(" ")}" is not on the allowlist of stdio commands. Allowed: ${allowed}. An administrator can change MCP_STDIO_ALLOWLIST.`;
  }
  const extra = args.slice(entry.args.length).find((arg) => INLINE_CODE_FLAGS.has(arg.split("=")[0]!));
  if (extra) return `The argument "${extra}" would run inline code and is not allowed.`;
  return null;
}
