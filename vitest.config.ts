import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Tests are chosen by name and folder (decision 0036), never by a hand list. `*.unit.test.ts` needs no database (the
 * `unit` project); every other `*.test.ts` gets a migrated database of its own and runs on SQLite, and those in the
 * layers that hold SQL (the data access, run and evaluation services, the HTTP API, the event readers) run on
 * PostgreSQL too. `*.sqlite.test.ts` is SQLite's own behaviour (a read-only file, its write lock, its WAL);
 * `*.postgresql.test.ts` PostgreSQL's own (the pg-boss queue, LISTEN/NOTIFY, a server going away, its migrations).
 */
const TEST_FOLDERS = "{lib,app,scripts,components,test}";
const UNIT_TESTS = `${TEST_FOLDERS}/**/*.unit.test.ts`;
const DATABASE_TESTS = `${TEST_FOLDERS}/**/*.test.ts`;
const SQLITE_ONLY = "**/*.sqlite.test.ts";
const POSTGRESQL_ONLY = "**/*.postgresql.test.ts";

// Database test files share a worker process but not the project's modules: the runner loads them afresh for each
// file and the set-up files release what a file left on globalThis (decision 0040).
const SHARED_PROCESS = { isolate: false, runner: "./test/shared-process-runner.ts" } as const;

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
    },
  },
  test: {
    environment: "node",
    testTimeout: 20_000,
    // Set-up hooks seed a database and start servers; on a loaded 2-core machine that has taken over the 10 s default.
    hookTimeout: 30_000,
    pool: "forks",
    // Two test processes per core: database tests wait on child processes, servers and timers, and with fewer the
    // cores idled (on 2 cores: 429 s with 2, 336–349 s with 3, 296 s with 4; decisions 0040, 0041).
    maxWorkers: availableParallelism() * 2,
    // The projects run one after another (sequence.groupOrder: unit, then SQLite, then PostgreSQL), not mixed: files
    // of three projects interleaved in the same pool cost 372 s against 310 s in a row (667 against 526 CPU-seconds
    // on 2 cores), as test processes were set up again each time the project changed (decision 0041).
    projects: [
      {
        // Tests that need no database (*.unit.test.ts): no set-up beyond the environment, and the module graph kept
        // between files of a worker (isolate: false), which halves their time (decision 0016). Their set-up points
        // the database nowhere, so one that reaches for it fails.
        extends: true,
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: [UNIT_TESTS],
          isolate: false,
          setupFiles: ["test/setup-unit.ts"],
        },
      },
      {
        // Each file gets a copy of a SQLite database migrated once per run (decision 0036).
        extends: true,
        test: {
          name: "sqlite",
          sequence: { groupOrder: 1 },
          include: [DATABASE_TESTS],
          exclude: [...configDefaults.exclude, UNIT_TESTS, POSTGRESQL_ONLY],
          globalSetup: ["test/global-setup-sqlite.ts"],
          ...SHARED_PROCESS,
          setupFiles: ["test/setup-database.ts"],
        },
      },
      {
        // The same tests on a PostgreSQL database per file, created from a template migrated once per run (decisions
        // 0026 and 0036). No server: they fail, loudly.
        extends: true,
        test: {
          name: "postgresql",
          sequence: { groupOrder: 2 },
          include: [DATABASE_TESTS],
          exclude: [...configDefaults.exclude, UNIT_TESTS, SQLITE_ONLY],
          globalSetup: ["test/global-setup-postgres.ts"],
          ...SHARED_PROCESS,
          setupFiles: ["test/setup-postgres-database.ts"],
        },
      },
    ],
  },
});
