// Where the database is: DATABASE_URL resolved to a SQLite file (with its folder created). No connection is opened here,
// so migrations and scripts can ask before the Prisma client exists.
export { DatabaseConfigError, ensureDatabaseDirectory, resolveSqlitePath } from "./database-url";
