import { defineConfig } from "prisma/config";

// Used by the Prisma CLI only (generate; migrate where the engine can be downloaded).
// The app resolves its database through lib/db/location/database-url.ts.
const url = process.env.DATABASE_URL ?? "file:./data/routine-studio.db";
// PostgreSQL has its own generated schema and migrations folder (decision 0026).
const postgres = /^postgres(ql)?:\/\//i.test(url);

export default defineConfig({
  schema: postgres ? "prisma/postgresql/schema.prisma" : "prisma/schema.prisma",
  migrations: { path: postgres ? "prisma/postgresql/migrations" : "prisma/migrations" },
  datasource: { url },
});
