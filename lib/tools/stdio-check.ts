import {
  describeEntry,
  type EntryMatch,
  matchingEntries,
  type StdioAllowlistEntry,
  type TrailingArgs,
} from "./stdio-allowlist";
import { patternAdmits, forbiddenEnvMessage, isForbiddenEnvName } from "./stdio-env";

/** A stdio server as the checks see it: its command line and the names (never the values) of its environment. */
export type StdioServerSpec = { command: string; args: readonly string[]; envNames: readonly string[] };

/**
 * What a check needs beyond the allowlist: whether a path is a folder admins may expose (inside the tool files
 * folder). It reads the file system, so the server side supplies it; null means allowed, else why not.
 */
export type StdioPolicy = {
  allowlist: readonly StdioAllowlistEntry[];
  checkRoot: (path: string) => string | null;
};

/** Which form field a refusal belongs beside. */
export type StdioField = "command" | "args" | "env";
export type StdioCheck = ({ ok: true } & EntryMatch) | { ok: false; refusals: Partial<Record<StdioField, string>> };

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

const quoteList = (items: readonly string[]) => items.map((item) => `"${item}"`).join(", ");

function trailingRefusal(match: EntryMatch, policy: StdioPolicy): string | null {
  const line = describeEntry(match.entry);
  const inline = match.trailing.find((arg) => INLINE_CODE_FLAGS.has(arg.split("=")[0]!));
  if (inline) return `The argument "${inline}" would run inline code and is not allowed.`;
  const { trailing } = match.entry;
  if (trailing.kind === "none")
    return match.trailing.length ? `"${line}" takes no further arguments (remove ${quoteList(match.trailing)}).` : null;
  if (trailing.kind === "roots") {
    for (const arg of match.trailing) {
      const refusal = policy.checkRoot(arg);
      if (refusal) return refusal;
    }
    return null;
  }
  const refused = match.trailing.filter((arg) => !trailing.patterns.some((pattern) => patternAdmits(pattern, arg)));
  return refused.length
    ? `"${line}" accepts only these further arguments: ${trailing.patterns.join(", ")} (not ${quoteList(refused)}).`
    : null;
}

function envRefusal(match: EntryMatch, envNames: readonly string[]): string | null {
  const forbidden = envNames.find(isForbiddenEnvName);
  if (forbidden) return forbiddenEnvMessage(forbidden);
  const declared = match.entry.env.filter((pattern) => !isForbiddenEnvName(pattern.replace(/\*$/, "")));
  const refused = envNames.filter((name) => !declared.some((pattern) => patternAdmits(pattern, name)));
  if (refused.length === 0) return null;
  const line = describeEntry(match.entry);
  return declared.length
    ? `"${line}" accepts only the environment variables ${declared.join(", ")} (not ${refused.join(", ")}).`
    : `"${line}" accepts no environment variables (remove ${refused.join(", ")}).`;
}

/**
 * Checks a stdio server against the allowlist: the command line must start with an entry's, what follows must be
 * what that entry accepts, and every environment name must be one it declares and none that is never passed. The
 * first entry that accepts the server wins; otherwise the refusals of the first entry it matched are returned, each
 * keyed by the field an admin changes to fix it. Never throws.
 */
export function checkStdioServer(spec: StdioServerSpec, policy: StdioPolicy): StdioCheck {
  const matches = matchingEntries(spec.command, spec.args, policy.allowlist);
  if (matches.length === 0) {
    const allowed = policy.allowlist.map(describeEntry).join("; ") || "none";
    return {
      ok: false,
      refusals: {
        command: `"${[spec.command, ...spec.args].join(" ")}" is not on the allowlist of stdio commands. Allowed: ${allowed}. An administrator can change MCP_STDIO_ALLOWLIST.`,
      },
    };
  }
  let first: Partial<Record<StdioField, string>> | null = null;
  for (const match of matches) {
    const args = trailingRefusal(match, policy);
    const env = envRefusal(match, spec.envNames);
    if (!args && !env) return { ok: true, ...match };
    first ??= { ...(args ? { args } : {}), ...(env ? { env } : {}) };
  }
  return { ok: false, refusals: first! };
}

/** The refusals of a check as one sentence per field, for messages outside a form (a server that may not start). */
export function describeRefusals(check: Extract<StdioCheck, { ok: false }>): string {
  return Object.values(check.refusals).join(" ");
}

function describeTrailing(trailing: TrailingArgs, rootsFolder: string): string {
  if (trailing.kind === "none") return "nothing more";
  if (trailing.kind === "roots") return `folders inside ${rootsFolder}, as absolute paths`;
  return trailing.patterns.join(", ");
}

/** What an entry permits, in words an admin reads under the command field. */
export function describeEntryPermits(entry: StdioAllowlistEntry, rootsFolder: string): string {
  const env = entry.env.filter((pattern) => !isForbiddenEnvName(pattern.replace(/\*$/, "")));
  return `Further arguments: ${describeTrailing(entry.trailing, rootsFolder)}. Environment: ${
    env.length ? env.join(", ") : "none"
  }.`;
}
