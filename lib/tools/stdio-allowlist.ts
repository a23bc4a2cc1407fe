/**
 * Which stdio commands admins may register. An entry is a command and the arguments it must start with, e.g.
 * `npx @modelcontextprotocol/server-everything`; a server's command must equal the entry's and its arguments
 * must begin with the entry's (more may follow). Commands are spawned without a shell, so an argument is never
 * interpreted as a shell line; still, runtime flags that run inline code are refused outright.
 */
export type StdioAllowlistEntry = { command: string; args: string[] };

/**
 * The allowlist when MCP_STDIO_ALLOWLIST is unset: our demo server and the MCP reference servers, each npx package
 * pinned to a published version (an unpinned npx resolves "latest" at every start: a server could change under
 * routines that were reviewed against it).
 */
export const DEFAULT_STDIO_ALLOWLIST = [
  "node --import tsx scripts/demo-hr-server.ts --stdio",
  "npx @modelcontextprotocol/server-everything@2026.8.31",
  "npx @modelcontextprotocol/server-memory@2026.8.31",
  "npx @modelcontextprotocol/server-filesystem@2026.8.31",
].join(";");

/** npx's own "do not ask" flags: npx run without a terminal refuses to install a package unless given one. */
const NPX_YES_FLAGS = new Set(["-y", "--yes"]);

/** `@scope/name@1.2.3` → `@scope/name`; `name@1.2.3` → `name`; a bare name is returned as is. */
function packageName(spec: string): string {
  const at = spec.lastIndexOf("@");
  return at > 0 ? spec.slice(0, at) : spec;
}

const isNpx = (command: string) => command === "npx";

/**
 * The words of a server's arguments compared with an entry: for npx, the "do not ask" flags are dropped, and a bare
 * package name stands for the entry's pinned `name@version` (the gateway starts the pinned one). Any other version
 * stays as written, so it must equal the entry's to match: an entry allows one version, not the package's every one.
 */
function comparableArgs(command: string, args: readonly string[], entry: StdioAllowlistEntry): readonly string[] {
  if (!isNpx(command)) return args;
  const words = args.filter(
    (arg, i) => !(NPX_YES_FLAGS.has(arg) && args.slice(0, i).every((a) => NPX_YES_FLAGS.has(a))),
  );
  const pinned = entry.args.find((arg) => !NPX_YES_FLAGS.has(arg));
  if (words[0] !== undefined && pinned !== undefined && words[0] === packageName(pinned) && words[0] !== pinned)
    return [pinned, ...words.slice(1)];
  return words;
}

function findEntry(command: string, args: readonly string[], allowlist: readonly StdioAllowlistEntry[]) {
  for (const entry of allowlist) {
    if (entry.command !== command) continue;
    const words = comparableArgs(command, args, entry);
    const required = isNpx(command) ? entry.args.filter((arg) => !NPX_YES_FLAGS.has(arg)) : entry.args;
    if (required.every((arg, i) => words[i] === arg)) return { entry, words, required };
  }
  return null;
}

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
  const found = findEntry(command, args, allowlist);
  if (!found) {
    const allowed = allowlist.map(describeEntry).join("; ") || "none";
    return `"${[command, ...args].join(" ")}" is not on the allowlist of stdio commands. Allowed: ${allowed}. An administrator can change MCP_STDIO_ALLOWLIST.`;
  }
  const extra = found.words.slice(found.required.length).find((arg) => INLINE_CODE_FLAGS.has(arg.split("=")[0]!));
  if (extra) return `The argument "${extra}" would run inline code and is not allowed.`;
  return null;
}

/**
 * The command line the gateway spawns for an allowed stdio server. An npx package starts non-interactively
 * (`--yes`: the gateway has no terminal, and npx without one refuses to install rather than ask) at the version
 * its allowlist entry pins, whatever the admin wrote (`npx pkg`, `npx -y pkg@version`). Other commands are spawned
 * as written. Call it after `checkStdioCommand` allowed the command; an unknown command is returned unchanged.
 */
export function stdioSpawnCommand(
  command: string,
  args: readonly string[],
  allowlist: readonly StdioAllowlistEntry[],
): { command: string; args: string[] } {
  const found = isNpx(command) ? findEntry(command, args, allowlist) : null;
  if (!found) return { command, args: [...args] };
  return { command, args: ["--yes", ...found.words] };
}
