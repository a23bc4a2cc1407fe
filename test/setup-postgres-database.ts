// The postgresql Vitest project's set-up: each test file gets its own migrated PostgreSQL database (created on the
// test server from the template the project's global set-up migrated once, test/global-setup-postgres.ts; dropped
// after the file), so files run in parallel without sharing state, as with SQLite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject, vi } from "vitest";
import { createTestPostgresDatabase } from "./postgres-database";
import { releaseProcessState } from "./process-state";

// Demo passwords are hashed once per test run (test/password-hash-memo.ts): the same real hash, without the cost.
vi.mock("better-auth/crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("better-auth/crypto")>();
  const { memoizedHash } = await import("./password-hash-memo");
  return { ...actual, hashPassword: (password: string) => memoizedHash(actual.hashPassword, password) };
});

const database = await createTestPostgresDatabase("rs_test", { template: inject("postgresTemplateDatabase") });
process.env.DATABASE_URL = database.url;
// Small pools (inherited by the worker processes tests start): test files run side by side against one server, whose
// 100 connections the default pools (10 + 10 per process) would use up.
process.env.DATABASE_POOL_MAX = "3";
// A commit returns before its WAL record reaches the disk (node-postgres reads PGOPTIONS, and so do the processes tests
// start): only a crash of the server itself could lose one, which no test causes; what a transaction sees, locks and
// makes visible is unchanged. The project took 133 s instead of 153 s, and 38 fewer CPU-seconds (decision 0041).
process.env.PGOPTIONS = "-c synchronous_commit=off";
process.env.RUN_DB_POOL_MAX = "4";
// With SQLite the tool files folder is beside the per-file database; here it would be the project's data folder,
// shared by every test file and by the app: give each file its own, as with SQLite.
const toolFiles = mkdtempSync(path.join(tmpdir(), "routine-studio-pg-test-"));
process.env.MCP_TOOL_FILES_DIR = path.join(toolFiles, "tool-files");
process.env.BETTER_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.BETTER_AUTH_URL = "http://localhost:3999";
// The tests' MCP servers, fake model endpoints and the servers they start listen on loopback, which the outbound policy
// refuses by default (lib/outbound); tests of the policy itself set OUTBOUND_ALLOWED_NETWORKS as they need.
process.env.OUTBOUND_ALLOWED_NETWORKS = "127.0.0.0/8, ::1";

afterAll(async () => {
  // Everything this file opened (the Prisma client's pool, the run store's, workers, pg-boss) goes first, so the drop
  // does not cut a connection mid-query; the next file runs in this process (test/shared-process-runner.ts).
  await releaseProcessState();
  await database.drop();
  rmSync(toolFiles, { recursive: true, force: true });
});
