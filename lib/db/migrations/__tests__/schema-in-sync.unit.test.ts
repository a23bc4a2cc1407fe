import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrationsDirectory } from "../migrate-database";
import { diffSchemas } from "../authoring/schema-diff";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../../../..");
const MIGRATIONS = migrationsDirectory(PROJECT_ROOT);
const schema = readFileSync(path.join(PROJECT_ROOT, "prisma", "schema.prisma"), "utf8");

/** Every committed migration.sql, oldest first. */
function committedMigrationSql(): string[] {
  return readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8"));
}

/** Tables, their columns, indexes and foreign keys, as SQLite reports them after running `scripts`. */
function describeDatabase(scripts: string[]) {
  const db = new Database(":memory:");
  try {
    for (const sql of scripts) db.exec(sql);
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        {
          columns: db.prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)`).all(name),
          indexes: (
            db.prepare(`SELECT name, "unique" FROM pragma_index_list(?) ORDER BY name`).all(name) as {
              name: string;
              unique: number;
            }[]
          ).map((index) => ({
            ...index,
            columns: (
              db.prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`).all(index.name) as { name: string }[]
            ).map((column) => column.name),
          })),
          foreignKeys: db
            .prepare(
              `SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY "from"`,
            )
            .all(name),
        },
      ]),
    );
  } finally {
    db.close();
  }
}

describe("the committed migrations match prisma/schema.prisma", () => {
  it("the migration snapshot is the current schema", () => {
    const snapshot = readFileSync(path.join(MIGRATIONS, "schema.snapshot.prisma"), "utf8");
    expect(
      snapshot,
      "prisma/schema.prisma changed without a migration. Run `npm run db:migration:new -- <name>`, review the SQL it writes, and commit it with the schema.",
    ).toBe(schema);
  });

  it("building the schema from scratch gives the same tables, columns, indexes and keys as the migrations", async () => {
    const fromSchema = describeDatabase([await diffSchemas(null, schema)]);
    const fromMigrations = describeDatabase(committedMigrationSql());

    expect(Object.keys(fromSchema)).toEqual(
      expect.arrayContaining(["account", "audit_log", "invitation", "session", "user", "user_role", "verification"]),
    );
    expect(
      fromMigrations,
      "The committed migrations do not build the database prisma/schema.prisma describes. Run `npm run db:migration:new -- <name>`.",
    ).toEqual(fromSchema);
  });
});
