// The postgresql project's global set-up: the migrations are applied once per test run, to a template database on the
// test server that each test file's database is created from (CREATE DATABASE … TEMPLATE, test/setup-postgres-database.ts).
// Migrating took about 2 s of each file's time on a loaded 2-core machine (docs/decisions/0036-tests-chosen-by-name.md).
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../lib/db/migrations";
import { createTestPostgresDatabase } from "./postgres-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database on the test server each test file's database is a copy of. */
    postgresTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createTestPostgresDatabase("rs_template");
  try {
    // The migration's connection is closed when it returns: PostgreSQL copies a template nobody is connected to.
    await migrateDatabase({ url: template.url });
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide("postgresTemplateDatabase", template.name);
  return () => template.drop();
}
