// prisma/postgresql is generated from prisma/schema.prisma and must stay so: the committed twin, its migration snapshot
// and its migrations (applied to a real PostgreSQL database) must match what the source schema gives today.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestPostgresDatabase, type TestPostgresDatabase } from "../testing/postgres-database";
import { diffSchemas, POSTGRES_SCHEMA_PATH, postgresSchemaFrom } from "../migrations/authoring";
import { postgresMigrationsDirectory } from "../migrations";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../../..");
const MIGRATIONS = postgresMigrationsDirectory(PROJECT_ROOT);
const source = readFileSync(path.join(PROJECT_ROOT, "prisma", "schema.prisma"), "utf8");
const committedTwin = readFileSync(path.join(PROJECT_ROOT, POSTGRES_SCHEMA_PATH), "utf8");
const REGENERATE =
  "prisma/postgresql is out of date with prisma/schema.prisma. Run `npm run db:migration:new -- <name>`, review the SQL it writes for both databases, and commit prisma/postgresql with the schema.";

const databases: TestPostgresDatabase[] = [];
afterAll(() => Promise.all(databases.map((database) => database.drop())));

/** Tables, columns, indexes and constraints of a fresh database after running `scripts`, as PostgreSQL reports them. */
async function describeDatabase(scripts: string[]) {
  const database = await createTestPostgresDatabase("rs_sync");
  databases.push(database);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    for (const sql of scripts) await client.query(sql);
    const rows = async (sql: string) => (await client.query(sql)).rows;
    return {
      columns: await rows(
        `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
         WHERE table_schema = 'public' ORDER BY table_name, column_name`,
      ),
      indexes: await rows(
        `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
      ),
      constraints: await rows(
        `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
         WHERE connamespace = 'public'::regnamespace ORDER BY conname`,
      ),
    };
  } finally {
    await client.end();
  }
}

describe("prisma/postgresql matches prisma/schema.prisma", () => {
  it("the committed PostgreSQL schema is the one the source generates", () => {
    expect(committedTwin, REGENERATE).toBe(postgresSchemaFrom(source));
  });

  it("differs from the source only in the provider and the generated client's folder", () => {
    const body = (schema: string) => schema.replace(/^(\s*\/\/.*\n)+/, "").trimStart();
    const changed = body(committedTwin)
      .split("\n")
      .filter((line, index) => line !== body(source).split("\n")[index]);
    expect(changed).toEqual([
      '  output       = "../../lib/db/generated/prisma-postgresql"',
      '  provider = "postgresql"',
    ]);
  });

  it("the PostgreSQL migration snapshot is the current PostgreSQL schema", () => {
    expect(readFileSync(path.join(MIGRATIONS, "schema.snapshot.prisma"), "utf8"), REGENERATE).toBe(committedTwin);
    expect(readFileSync(path.join(MIGRATIONS, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');
  });

  it("building the schema from scratch gives the same tables, columns, indexes and keys as the migrations", async () => {
    const committed = readdirSync(MIGRATIONS, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((name) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8"));
    const [fromSchema, fromMigrations] = await Promise.all([
      describeDatabase([await diffSchemas(null, postgresSchemaFrom(source))]),
      describeDatabase(committed),
    ]);

    expect(fromSchema.columns.map((column) => column.table_name)).toEqual(
      expect.arrayContaining(["account", "routine", "run", "user"]),
    );
    expect(fromMigrations, REGENERATE).toEqual(fromSchema);
  });
});
