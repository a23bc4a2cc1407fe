// Where the database is: DATABASE_URL resolved to a SQLite file (with its folder created) or a PostgreSQL server. No
// connection is opened here, so migrations and scripts can ask before the Prisma client exists.
export {
  DatabaseConfigError,
  describePostgresUrl,
  ensureDatabaseDirectory,
  isPostgresUrl,
  localDataFolder,
  resolveDatabase,
  resolveSqlitePath,
} from "./database-url";
export type { DatabaseLocation } from "./database-url";
export { applyWorkerPoolDefaults, WORKER_POOL_DEFAULTS } from "./worker-pools";
