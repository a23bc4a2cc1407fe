import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

/** Where the embedded database lives when DATABASE_URL is not set (relative to the project folder). */
export const DEFAULT_DATABASE_URL = "file:./data/routine-studio.db";

const ACCEPTED_FORMS = `a SQLite file URL such as "${DEFAULT_DATABASE_URL}" or a PostgreSQL URL such as "postgresql://user:password@host:5432/routine_studio"`;

export class DatabaseConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseConfigError";
  }
}

/** The configured database: a SQLite file (absolute path) or a PostgreSQL server (its URL, as given). */
export type DatabaseLocation = { kind: "sqlite"; path: string } | { kind: "postgresql"; url: string };

/** True for `postgres://…` and `postgresql://…`, the two schemes `pg` and Prisma accept. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url.trim());
}

/**
 * Resolves DATABASE_URL to the database it names: `file:relative/or/absolute.db` (relative paths are taken from the
 * project folder, like Prisma's own CLI does) or `postgres[ql]://…`. Any other form is a DatabaseConfigError naming
 * both accepted forms, so a typo stops start-up with a sentence instead of a driver's stack trace.
 */
export function resolveDatabase(
  url: string | undefined = process.env.DATABASE_URL,
  cwd = process.cwd(),
): DatabaseLocation {
  const value = (url ?? "").trim() || DEFAULT_DATABASE_URL;
  if (isPostgresUrl(value)) {
    try {
      new URL(value);
    } catch {
      throw new DatabaseConfigError(`DATABASE_URL is not a valid PostgreSQL URL. Use ${ACCEPTED_FORMS}.`);
    }
    return { kind: "postgresql", url: value };
  }
  if (!value.startsWith("file:")) {
    const scheme = value.includes(":") ? `a "${value.split(":")[0]}:" URL` : `"${value}"`;
    throw new DatabaseConfigError(`DATABASE_URL must be ${ACCEPTED_FORMS} (got ${scheme}).`);
  }
  const filePath = value.slice("file:".length).split("?")[0];
  if (!filePath) throw new DatabaseConfigError(`DATABASE_URL "${value}" names no file.`);
  return { kind: "sqlite", path: path.resolve(cwd, filePath) };
}

/**
 * Resolves DATABASE_URL to an absolute SQLite file path, for the parts that work on SQLite only (the run store's own
 * connection, decision 0012). A PostgreSQL URL is refused with a sentence saying so.
 */
export function resolveSqlitePath(url: string | undefined = process.env.DATABASE_URL, cwd = process.cwd()): string {
  const location = resolveDatabase(url, cwd);
  if (location.kind === "sqlite") return location.path;
  throw new DatabaseConfigError(
    `DATABASE_URL is a PostgreSQL URL, but this part of Routine Studio (the run store) works on a SQLite file only ` +
      `so far. Use a SQLite file URL such as "${DEFAULT_DATABASE_URL}".`,
  );
}

/**
 * The folder for the app's local files (tool files): beside the SQLite file, or the default data folder when the
 * database is on a PostgreSQL server.
 */
export function localDataFolder(url: string | undefined = process.env.DATABASE_URL, cwd = process.cwd()): string {
  const location = resolveDatabase(url, cwd);
  return location.kind === "sqlite"
    ? path.dirname(location.path)
    : path.dirname(path.resolve(cwd, DEFAULT_DATABASE_URL.slice("file:".length)));
}

/** A PostgreSQL URL as `user@host:port/database`, for messages and logs: never the password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : "";
    return `${user}${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname || "/"}`;
  } catch {
    return "the configured PostgreSQL server";
  }
}

/**
 * Creates the database file's folder when it is missing, so a fresh checkout or a new DATABASE_URL just works.
 * Returns true when it had to create it, so callers can say so.
 */
export function ensureDatabaseDirectory(dbPath: string): boolean {
  const dir = path.dirname(dbPath);
  if (existsSync(dir)) return false;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new DatabaseConfigError(
      `The database folder ${dir} does not exist and cannot be created: ${(error as Error).message}`,
    );
  }
  return true;
}
