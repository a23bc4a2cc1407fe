/**
 * Which stdio commands admins may register, and with what. An entry is a command, the arguments it must start with,
 * and what it accepts beyond them:
 *
 *   npx @acme/mcp-crm@1.2.0 env=CRM_TOKEN,CRM_REGION
 *   npx @modelcontextprotocol/server-filesystem@2026.8.31 args=roots
 *   uvx mcp-server-time args=--local-timezone=*
 *
 * `env=` lists the environment variable names an admin may set (`PREFIX*` admits a family); `args=` says what may
 * follow the fixed arguments: `roots` (folders inside the tool files folder, as absolute paths) or a comma-separated
 * list of words (`word*` admits any word starting so). An entry that declares neither accepts no environment and
 * nothing after its fixed arguments: what it names is all it allows. Commands are spawned without a shell, and
 * runtime flags that run inline code are refused even where `args=` would admit them.
 */
export type TrailingArgs = { kind: "none" } | { kind: "roots" } | { kind: "words"; patterns: string[] };
export type StdioAllowlistEntry = {
  command: string;
  /** The fixed arguments a server's arguments must start with. */
  args: string[];
  /** Environment variable names (or `PREFIX*`) an admin may set. */
  env: string[];
  trailing: TrailingArgs;
};

/**
 * The allowlist when MCP_STDIO_ALLOWLIST is unset: our demo server and the MCP reference servers, each npx package
 * pinned to a published version (an unpinned npx resolves "latest" at every start: a server could change under
 * routines that were reviewed against it). server-everything takes its transport's name; server-filesystem only
 * folders inside the tool files folder. server-memory gets no MEMORY_FILE_PATH: it would write wherever it points.
 */
export const DEFAULT_STDIO_ALLOWLIST = [
  "node --import tsx scripts/demo-hr-server.ts --stdio",
  "npx @modelcontextprotocol/server-everything@2026.8.31 args=stdio",
  "npx @modelcontextprotocol/server-memory@2026.8.31",
  "npx @modelcontextprotocol/server-filesystem@2026.8.31 args=roots",
].join(";");

/** npx's own "do not ask" flags: npx run without a terminal refuses to install a package unless given one. */
const NPX_YES_FLAGS = new Set(["-y", "--yes"]);
const ENV_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;

/** `@scope/name@1.2.3` → `@scope/name`; `name@1.2.3` → `name`; a bare name is returned as is. */
function packageName(spec: string): string {
  const at = spec.lastIndexOf("@");
  return at > 0 ? spec.slice(0, at) : spec;
}

const isNpx = (command: string) => command === "npx";

/** One entry's words: the command and fixed arguments, then its `env=` and `args=` options wherever they stand. */
function parseEntry([command, ...words]: string[]): StdioAllowlistEntry {
  const entry: StdioAllowlistEntry = { command: command!, args: [], env: [], trailing: { kind: "none" } };
  for (const word of words) {
    if (word.startsWith("env=")) {
      entry.env.push(
        ...word
          .slice(4)
          .split(",")
          .filter((name) => ENV_PATTERN.test(name)),
      );
    } else if (word.startsWith("args=")) {
      const value = word.slice(5);
      const patterns = value.split(",").filter(Boolean);
      entry.trailing =
        value === "roots" ? { kind: "roots" } : patterns.length ? { kind: "words", patterns } : { kind: "none" };
    } else {
      entry.args.push(word);
    }
  }
  return entry;
}

/** Parses `;`- or newline-separated entries; words are split on whitespace (no quoting: keep entries simple). */
export function parseStdioAllowlist(config: string | undefined = DEFAULT_STDIO_ALLOWLIST): StdioAllowlistEntry[] {
  return config
    .split(/[;\n]/)
    .map((line) => line.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0)
    .map(parseEntry);
}

/** The allowlist in effect for this process. */
export function configuredStdioAllowlist(env: Record<string, string | undefined> = process.env): StdioAllowlistEntry[] {
  return parseStdioAllowlist(env.MCP_STDIO_ALLOWLIST?.trim() || DEFAULT_STDIO_ALLOWLIST);
}

/** The command line an entry allows, as an admin types it (without its options). */
export const describeEntry = (entry: StdioAllowlistEntry) => [entry.command, ...entry.args].join(" ");

/**
 * The words of a server's arguments compared with an entry: for npx, the "do not ask" flags are dropped, and a bare
 * package name stands for the entry's pinned `name@version` (the gateway starts the pinned one). Any other version
 * stays as written, so it must equal the entry's to match: an entry allows one version, not the package's every one.
 */
function comparableArgs(command: string, args: readonly string[], entry: StdioAllowlistEntry): string[] {
  if (!isNpx(command)) return [...args];
  const words = args.filter(
    (arg, i) => !(NPX_YES_FLAGS.has(arg) && args.slice(0, i).every((a) => NPX_YES_FLAGS.has(a))),
  );
  const pinned = entry.args.find((arg) => !NPX_YES_FLAGS.has(arg));
  if (words[0] !== undefined && pinned !== undefined && words[0] === packageName(pinned) && words[0] !== pinned)
    return [pinned, ...words.slice(1)];
  return words;
}

/** A server's arguments split against an entry it matches: the entry's fixed words and what the admin added. */
export type EntryMatch = { entry: StdioAllowlistEntry; fixed: string[]; trailing: string[] };

/** Every entry whose command and fixed arguments the server's command line starts with, in allowlist order. */
export function matchingEntries(
  command: string,
  args: readonly string[],
  allowlist: readonly StdioAllowlistEntry[],
): EntryMatch[] {
  const matches: EntryMatch[] = [];
  for (const entry of allowlist) {
    if (entry.command !== command) continue;
    const words = comparableArgs(command, args, entry);
    const required = isNpx(command) ? entry.args.filter((arg) => !NPX_YES_FLAGS.has(arg)) : entry.args;
    if (required.every((arg, i) => words[i] === arg))
      matches.push({ entry, fixed: words.slice(0, required.length), trailing: words.slice(required.length) });
  }
  return matches;
}

/**
 * The command line the gateway spawns for a matched server. An npx package starts non-interactively (`--yes`: the
 * gateway has no terminal, and npx without one refuses to install rather than ask) at the version its allowlist
 * entry pins, whatever the admin wrote (`npx pkg`, `npx -y pkg@version`). Other commands are spawned as matched.
 */
export function stdioSpawnWords(match: EntryMatch): { command: string; args: string[] } {
  const { command } = match.entry;
  const args = [...match.fixed, ...match.trailing];
  return { command, args: isNpx(command) ? ["--yes", ...args] : args };
}
