import "server-only";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { StdioTransportConfig } from "../../tool-gateway";
import {
  checkStdioServer,
  configuredStdioAllowlist,
  type EntryMatch,
  type StdioCheck,
  type StdioServerSpec,
  stdioSpawnWords,
} from "../../tools";
import { ConflictError } from "../core";
import { checkToolFilesRoot, resolveToolFilesRoot } from "./tool-files";

/** Checks a stdio server against the allowlist in effect, with roots checked against the tool files folder. */
export function checkStdio(spec: StdioServerSpec): StdioCheck {
  return checkStdioServer(spec, { allowlist: configuredStdioAllowlist(), checkRoot: checkToolFilesRoot });
}

/** Runtime flags whose value names a module to preload: `url` takes a file URL (ESM), `path` a file path. */
const PRELOAD_FLAGS = new Map<string, "url" | "path">([
  ["--import", "url"],
  ["--loader", "url"],
  ["--experimental-loader", "url"],
  ["--require", "path"],
  ["-r", "path"],
]);

const looksLikeFile = (word: string) => !word.startsWith("-") && (word.includes("/") || /\.[A-Za-z0-9]+$/.test(word));

/** A preloaded module (`tsx`, `./hooks.mjs`) resolved from the app folder, as node resolved it when run there. */
function resolvePreload(spec: string, kind: "url" | "path", appDir: string): string {
  let file: string;
  try {
    file = createRequire(path.join(appDir, "package.json")).resolve(spec);
  } catch {
    return spec; // The child will say in its own words that it cannot find it.
  }
  return kind === "url" ? pathToFileURL(file).href : file;
}

/**
 * The entry's own words with relative paths made absolute from the app folder. Children start in an empty folder,
 * so `node --import tsx scripts/demo-hr-server.ts` would no longer find its loader or its script; the entry's words
 * are the deployer's and were always meant relative to the app. Never applied to what an admin added after them.
 */
function fromAppFolder(command: string, fixed: readonly string[], appDir: string) {
  const words: string[] = [];
  let preload: "url" | "path" | undefined;
  for (const word of fixed) {
    const [flag, inline] = word.split(/=(.*)/s, 2) as [string, string | undefined];
    if (preload) {
      words.push(resolvePreload(word, preload, appDir));
      preload = undefined;
    } else if (PRELOAD_FLAGS.has(flag) && inline !== undefined) {
      words.push(`${flag}=${resolvePreload(inline, PRELOAD_FLAGS.get(flag)!, appDir)}`);
    } else if (PRELOAD_FLAGS.has(word)) {
      words.push(word);
      preload = PRELOAD_FLAGS.get(word);
    } else if (looksLikeFile(word) && !path.isAbsolute(word) && existsSync(path.resolve(appDir, word))) {
      words.push(path.resolve(appDir, word));
    } else {
      words.push(word);
    }
  }
  const resolvedCommand = command.includes("/") && !path.isAbsolute(command) ? path.resolve(appDir, command) : command;
  return { command: resolvedCommand, fixed: words };
}

/**
 * How the gateway starts an allowed server: npx at its pinned version with `--yes`, the entry's words resolved from
 * the app folder, roots replaced by the real folders they were checked as (so a symbolic link swapped in later
 * cannot lead out), and only the environment the entry admitted. The child's working folder is the gateway's: a
 * fresh empty one.
 */
export function stdioLaunch(
  match: EntryMatch,
  env: Record<string, string>,
  appDir: string = process.cwd(),
): StdioTransportConfig {
  const resolved = fromAppFolder(match.entry.command, match.fixed, appDir);
  const trailing =
    match.entry.trailing.kind === "roots"
      ? match.trailing.map((arg) => {
          const root = resolveToolFilesRoot(arg);
          if ("error" in root) throw new ConflictError(root.error);
          return root.path;
        })
      : match.trailing;
  const spawn = stdioSpawnWords({
    entry: { ...match.entry, command: resolved.command },
    fixed: resolved.fixed,
    trailing,
  });
  return { kind: "stdio", command: spawn.command, args: spawn.args, env };
}
