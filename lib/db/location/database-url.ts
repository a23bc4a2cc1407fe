import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

/** Where the embedded database lives when DATABASE_URL is not set (relative to the project folder). */
export const DEFAULT_DATABASE_URL = "file:./data/routine-studio.db";

export class DatabaseConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseConfigError";
  }
}

/**
 * Resolves DATABASE_URL (`file:relative/or/absolute.db`) to an absolute SQLite file path.
 * Relative paths are taken from the project folder, like Prisma's own CLI does.
 */
export function resolveSqlitePath(url: string | undefined = process.env.DATABASE_URL, cwd = process.cwd()): string {
  const value = (url ?? "").trim() || DEFAULT_DATABASE_URL;
  if (!value.startsWith("file:")) {
    const scheme = value.split(":")[0];
    throw new DatabaseConfigError(
      `DATABASE_URL must be a SQLite file URL such as "${DEFAULT_DATABASE_URL}" (got a "${scheme}:" URL). ` +
        `PostgreSQL support is planned for the scale-out mode.`,
    );
  }
  const filePath = value.slice("file:".length).split("?")[0];
  if (!filePath) throw new DatabaseConfigError(`DATABASE_URL "${value}" names no file.`);
  return path.resolve(cwd, filePath);
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
