// npm run db:migration:new -- <name>
// Authors the next migration offline: diffs the schema as of the last migration (a committed snapshot)
// against prisma/schema.prisma with Prisma's wasm schema engine, and writes Prisma's folder layout.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { migrationsDirectory } from "../lib/db/migrations";
import { diffSchemas } from "../lib/db/migrations/authoring";

const name = (process.argv[2] ?? "").trim();
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migration:new -- <name>   (lower-case letters, digits and underscores)");
  process.exit(1);
}

const dir = migrationsDirectory();
const schemaPath = path.join("prisma", "schema.prisma");
const snapshotPath = path.join(dir, "schema.snapshot.prisma");
const schema = readFileSync(schemaPath, "utf8");
const previous = existsSync(snapshotPath) ? readFileSync(snapshotPath, "utf8") : null;

const sql = await diffSchemas(previous, schema);
if (!/^\s*[A-Z]/m.test(sql.replace(/^--.*$/gm, ""))) {
  console.log("No schema changes since the last migration: nothing written.");
  process.exit(0);
}

const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const folder = path.join(dir, `${stamp}_${name}`);
mkdirSync(folder, { recursive: true });
writeFileSync(path.join(folder, "migration.sql"), sql);
writeFileSync(snapshotPath, schema);
const lockPath = path.join(dir, "migration_lock.toml");
if (!existsSync(lockPath)) writeFileSync(lockPath, 'provider = "sqlite"\n');
console.log(`Wrote ${path.join(folder, "migration.sql")}. Review it and commit it with the schema.`);
