import "server-only";
import { ensureDatabaseDirectory, resolveDatabase } from "../location";
import type { PrismaClient } from "../generated/prisma/client";
import { countTransactions } from "./prisma-transactions";

export type Db = PrismaClient;

// Only the configured database's generated client and driver adapter are loaded (dynamic imports): each generated
// client is 3 MB of code, and every process that opens the database (each database test file's, each run worker)
// would otherwise evaluate both (decision 0036).
async function createPrismaClient(): Promise<PrismaClient> {
  const location = resolveDatabase();
  if (location.kind === "postgresql") {
    const [{ PrismaClient: PostgresPrismaClient }, { PrismaPg }] = await Promise.all([
      import("../generated/prisma-postgresql/client"),
      import("@prisma/adapter-pg"),
    ]);
    // Generated from the PostgreSQL twin of the same schema: same models, same API, so the DAL keeps one type. The
    // SQLite client's type is the one it is written against (its filters are the narrower set), hence the cast.
    const max = Number(process.env.DATABASE_POOL_MAX?.trim() || NaN);
    const pool = { connectionString: location.url, max: Number.isSafeInteger(max) && max > 0 ? max : 10 };
    const client = new PostgresPrismaClient({ adapter: countTransactions(new PrismaPg(pool)) });
    return client as unknown as PrismaClient;
  }
  const [{ PrismaClient: SqlitePrismaClient }, { PrismaBetterSqlite3 }] = await Promise.all([
    import("../generated/prisma/client"),
    import("@prisma/adapter-better-sqlite3"),
  ]);
  if (ensureDatabaseDirectory(location.path)) console.info(`[db] created the database folder for ${location.path}`);
  // Transactions are counted so the run store's own connection never commits in the middle of one (decision 0012).
  return new SqlitePrismaClient({ adapter: countTransactions(new PrismaBetterSqlite3({ url: location.path })) });
}

// One client per process; dev-mode hot reloads would otherwise open a new connection on every edit. The promise is
// kept too, so two copies of this module loading at once still share one client.
const globalForPrisma = globalThis as unknown as {
  routineStudioPrisma?: PrismaClient;
  routineStudioPrismaLoading?: Promise<PrismaClient>;
};

/** The only Prisma client in the app. Import it in lib/db only. */
export const prisma: PrismaClient = (globalForPrisma.routineStudioPrisma ??=
  await (globalForPrisma.routineStudioPrismaLoading ??= createPrismaClient()));
