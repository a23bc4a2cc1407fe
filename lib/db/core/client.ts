import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { ensureDatabaseDirectory, resolveSqlitePath } from "../location";
import { PrismaClient } from "../generated/prisma/client";
import { countTransactions } from "./prisma-transactions";

export type Db = PrismaClient;

function createPrismaClient(): PrismaClient {
  const dbPath = resolveSqlitePath();
  if (ensureDatabaseDirectory(dbPath)) console.info(`[db] created the database folder for ${dbPath}`);
  // Transactions are counted so the run store's own connection never commits in the middle of one (decision 0012).
  return new PrismaClient({ adapter: countTransactions(new PrismaBetterSqlite3({ url: dbPath })) });
}

// One client per process; dev-mode hot reloads would otherwise open a new connection on every edit.
const globalForPrisma = globalThis as unknown as { routineStudioPrisma?: PrismaClient };

/** The only Prisma client in the app. Import it in lib/db only. */
export const prisma: PrismaClient = (globalForPrisma.routineStudioPrisma ??= createPrismaClient());
