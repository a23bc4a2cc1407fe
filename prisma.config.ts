import { defineConfig } from "prisma/config";

// Used by the Prisma CLI only (generate; migrate where the engine can be downloaded).
// The app resolves its database through lib/db/location/database-url.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/routine-studio.db" },
});
