import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { ensureDatabaseDirectory, resolveDatabase } from "../location";
import { PrismaClient } from "../generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "../generated/prisma-postgresql/client";
import { countTransactions } from "./prisma-transactions";

export type Db = PrismaClient;

function createPrismaClient(): PrismaClient {
  const location = resolveDatabase();
  if (location.kind === "postgresql") {
    // Generated from the PostgreSQL twin of the same schema: same models, same API, so the DAL keeps one type. The
    // SQLite client's type is the one it is written against (its filters are the narrower set), hence the cast.
    const max = Number(process.env.DATABASE_POOL_MAX?.trim() || NaN);
    const pool = { connectionString: location.url, max: Number.isSafeInteger(max) && max > 0 ? max : 10 };
    const client = new PostgresPrismaClient({ adapter: countTransactions(new PrismaPg(pool)) });
    return client as unknown as PrismaClient;
  }
  if (ensureDatabaseDirectory(location.path)) console.info(`[db] created the database folder for ${location.path}`);
  // Transactions are counted so the run store's own connection never commits in the middle of one (decision 0012).
  return new PrismaClient({ adapter: countTransactions(new PrismaBetterSqlite3({ url: location.path })) });
}

// One client per process; dev-mode hot reloads would otherwise open a new connection on every edit.
const globalForPrisma = globalThis as unknown as { routineStudioPrisma?: PrismaClient };

/** The only Prisma client in the app. Import it in lib/db only. */
export const prisma: PrismaClient = (globalForPrisma.routineStudioPrisma ??= createPrismaClient());
