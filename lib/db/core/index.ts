// The database itself: the Prisma client on the configured database, its URL, transactions and the DAL's errors.
import "server-only";
export { prisma } from "./client";
export {
  DatabaseConfigError,
  ensureDatabaseDirectory,
  isPostgresUrl,
  resolveDatabase,
  resolveSqlitePath,
} from "../location";
export {
  ConflictError,
  DatabaseUnavailableError,
  NotFoundError,
  StaleSaveError,
  ValidationError,
  isUniqueViolation,
  parseInput,
  translateDbError,
  withDbErrors,
} from "./errors";
export { prismaTransactionOpen } from "./prisma-transactions";
export { readJsonSetting, writeJsonSetting, type StoredSetting } from "./json-settings";
