// The sqlite project's global set-up: the migrations are applied once per test run, to a template file that each test
// file's set-up copies (test/setup-database.ts). Migrating took about 1.8 s of each file's time on a loaded 2-core
// machine; a copy takes milliseconds (docs/decisions/0036-tests-chosen-by-name.md).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../lib/db/migrations";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated SQLite file each test file's database starts as a copy of. */
    sqliteTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), "routine-studio-test-template-"));
  const file = path.join(dir, "template.db");
  await migrateDatabase({ url: `file:${file}` });
  project.provide("sqliteTemplateDatabase", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
