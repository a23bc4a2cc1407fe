import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The PostgreSQL twin of prisma/schema.prisma, relative to the project folder. Generated, never edited by hand. */
export const POSTGRES_SCHEMA_PATH = path.join("prisma", "postgresql", "schema.prisma");
/** Where the twin's own migrations live (Prisma's layout), relative to the project folder. */
export const POSTGRES_MIGRATIONS_PATH = path.join("prisma", "postgresql", "migrations");

const HEADER = `// GENERATED from prisma/schema.prisma: do not edit. Change prisma/schema.prisma, then run
// \`npm run db:migration:new -- <name>\` (or \`npm run db:generate\`), which rewrites this file.
// The same models for PostgreSQL: only the datasource provider and the generated client's folder differ
// (docs/decisions/0026-postgresql.md).
`;

/**
 * Derives the PostgreSQL schema from the SQLite source schema. The source is portable on purpose, so the twin
 * differs in two settings only: the datasource provider and the generator's output folder (the twin lives one
 * folder deeper). Throws when the source no longer has the lines it rewrites, rather than writing a wrong twin.
 */
export function postgresSchemaFrom(source: string): string {
  const withoutHeader = source.replace(/^(\s*\/\/.*\n)+/, "");
  const twin = replaceInBlock(
    replaceInBlock(withoutHeader, /datasource\s+\w+/, /provider\s*=\s*"sqlite"/, 'provider = "postgresql"'),
    /generator\s+client/,
    /output(\s*)=\s*"\.\.\/lib\/db\/generated\/prisma"/,
    'output$1= "../../lib/db/generated/prisma-postgresql"',
  );
  return `${HEADER}\n${twin.trimStart()}`;
}

function replaceInBlock(schema: string, blockStart: RegExp, setting: RegExp, replacement: string): string {
  const block = new RegExp(`^${blockStart.source}\\s*\\{[^}]*\\}`, "m").exec(schema);
  if (!block || !setting.test(block[0])) {
    throw new Error(
      `prisma/schema.prisma has no ${setting.source} in its ${blockStart.source} block: ` +
        `update lib/db/migrations/authoring/postgres-schema.ts to generate the PostgreSQL schema.`,
    );
  }
  const rewritten = block[0].replace(setting, replacement);
  return schema.slice(0, block.index) + rewritten + schema.slice(block.index + block[0].length);
}

/**
 * Writes prisma/postgresql/schema.prisma from prisma/schema.prisma (npm run db:generate and db:migration:new both do).
 * Returns the twin's text and whether the file changed.
 */
export function writePostgresSchema(projectRoot = process.cwd()): { schema: string; changed: boolean } {
  const schema = postgresSchemaFrom(readFileSync(path.join(projectRoot, "prisma", "schema.prisma"), "utf8"));
  const target = path.join(projectRoot, POSTGRES_SCHEMA_PATH);
  if (existsSync(target) && readFileSync(target, "utf8") === schema) return { schema, changed: false };
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, schema);
  return { schema, changed: true };
}
