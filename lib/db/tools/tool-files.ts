import "server-only";
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { localDataFolder, resolveDatabase } from "../location";

// The one folder stdio tool servers may be given as a root (server-filesystem's folders): MCP_TOOL_FILES_DIR, else
// `tool-files` beside the database file (in the data folder when the database is on a PostgreSQL server). Never the
// app's folder, which holds the auth secret, the database and the build: a root there would let anyone who may try
// tools read or rewrite them.

type Env = Record<string, string | undefined>;

/** The tool files folder as configured (absolute; not necessarily existing yet). */
export function toolFilesFolder(env: Env = process.env): string {
  const configured = env.MCP_TOOL_FILES_DIR?.trim();
  if (configured) return path.resolve(configured);
  return path.join(localDataFolder(env.DATABASE_URL), "tool-files");
}

const isInside = (child: string, parent: string) =>
  child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

/** A path with every symbolic link resolved, including those of its existing ancestors when it does not exist. */
function realPath(target: string): string {
  const rest: string[] = [];
  let existing = target;
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  return path.join(realpathSync(existing), ...rest);
}

/** The folder's real path, created when missing; or why it cannot serve as the tool files folder. */
function realFolder(env: Env): { folder: string } | { error: string } {
  const configured = toolFilesFolder(env);
  try {
    mkdirSync(configured, { recursive: true });
  } catch (error) {
    return { error: `The tool files folder ${configured} cannot be created: ${(error as Error).message}` };
  }
  const folder = realPath(configured);
  const location = resolveDatabase(env.DATABASE_URL);
  const database = location.kind === "sqlite" ? realPath(location.path) : null;
  const app = realPath(process.cwd());
  // A folder that holds the database or the app would hand both to any server given it as a root.
  if ((database !== null && isInside(database, folder)) || isInside(app, folder))
    return {
      error: `The tool files folder ${configured} contains the app or its database, so no folder is given to tool servers. Set MCP_TOOL_FILES_DIR to a folder of its own.`,
    };
  return { folder };
}

/**
 * Where a root argument really points, when it is an absolute path inside the tool files folder (symbolic links
 * followed, so a link inside cannot lead out); otherwise why it is refused, in a sentence for the arguments field.
 */
export function resolveToolFilesRoot(arg: string, env: Env = process.env): { path: string } | { error: string } {
  const shown = toolFilesFolder(env);
  if (!path.isAbsolute(arg))
    return { error: `"${arg}" is not an absolute path. Give each folder as an absolute path inside ${shown}.` };
  const folder = realFolder(env);
  if ("error" in folder) return folder;
  const real = realPath(path.resolve(arg));
  if (!isInside(real, folder.folder))
    return {
      error: `"${arg}" is outside ${shown}, the only folder tool servers may be given (MCP_TOOL_FILES_DIR).`,
    };
  return { path: real };
}

/** The allowlist's root check: null when `arg` may be given to a server, else why not. */
export function checkToolFilesRoot(arg: string): string | null {
  const resolved = resolveToolFilesRoot(arg);
  return "error" in resolved ? resolved.error : null;
}
