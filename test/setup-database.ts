// Each test file gets its own migrated SQLite database, so files run in parallel without sharing state: a copy of the
// template the project's global set-up migrated once (test/global-setup-sqlite.ts).
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject, vi } from "vitest";
import { releaseProcessState } from "./process-state";

// Demo passwords are hashed once per test run (test/password-hash-memo.ts): the same real hash, without the cost.
vi.mock("better-auth/crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("better-auth/crypto")>();
  const { memoizedHash } = await import("./password-hash-memo");
  return { ...actual, hashPassword: (password: string) => memoizedHash(actual.hashPassword, password) };
});

const dir = mkdtempSync(path.join(tmpdir(), "routine-studio-test-"));
const databaseFile = path.join(dir, `${randomUUID()}.db`);
copyFileSync(inject("sqliteTemplateDatabase"), databaseFile);
process.env.DATABASE_URL = `file:${databaseFile}`;
process.env.BETTER_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.BETTER_AUTH_URL = "http://localhost:3999";
// The tests' MCP servers, fake model endpoints and the servers they start listen on loopback, which the outbound policy
// refuses by default (lib/outbound); tests of the policy itself set OUTBOUND_ALLOWED_NETWORKS as they need.
process.env.OUTBOUND_ALLOWED_NETWORKS = "127.0.0.0/8, ::1";

// The next test file runs in this process (test/shared-process-runner.ts): it must find no client, connection, worker
// or stdio child of this one.
afterAll(releaseProcessState);
