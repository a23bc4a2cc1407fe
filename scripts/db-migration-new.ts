// npm run db:migration:new -- <name>
// Authors the next migration offline, for SQLite and PostgreSQL alike: regenerates prisma/postgresql/schema.prisma from
// prisma/schema.prisma, diffs each schema as of its last migration (a committed snapshot) against the current one with
// Prisma's wasm schema engine, and writes Prisma's folder layout in prisma/migrations and prisma/postgresql/migrations,
// with the same folder name in both.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { migrationsDirectory, postgresMigrationsDirectory } from "../lib/db/migrations";
import { diffSchemas, writePostgresSchema } from "../lib/db/migrations/authoring";

const name = (process.argv[2] ?? "").trim();
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migration:new -- <name>   (lower-case letters, digits and underscores)");
  process.exit(1);
}

const targets = [
  {
    dir: migrationsDirectory(),
    provider: "sqlite",
    schema: readFileSync(path.join("prisma", "schema.prisma"), "utf8"),
  },
  { dir: postgresMigrationsDirectory(), provider: "postgresql", schema: writePostgresSchema().schema },
];

const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
let written = 0;
for (const { dir, provider, schema } of targets) {
  const snapshotPath = path.join(dir, "schema.snapshot.prisma");
  const previous = existsSync(snapshotPath) ? readFileSync(snapshotPath, "utf8") : null;
  if (previous === schema) continue;
  const sql = await diffSchemas(previous, schema);
  mkdirSync(dir, { recursive: true });
  if (/^\s*[A-Z]/m.test(sql.replace(/^--.*$/gm, ""))) {
    const folder = path.join(dir, `${stamp}_${name}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "migration.sql"), sql);
    console.log(`Wrote ${path.join(folder, "migration.sql")}.`);
    written += 1;
  }
  // Also when only comments changed: the snapshot is what the next diff starts from and what the sync test compares.
  writeFileSync(snapshotPath, schema);
  const lockPath = path.join(dir, "migration_lock.toml");
  if (!existsSync(lockPath)) writeFileSync(lockPath, `provider = "${provider}"\n`);
}
console.log(
  written === 0
    ? "No schema changes since the last migration: no migration written."
    : "Review the SQL and commit it with prisma/schema.prisma and prisma/postgresql/.",
);
