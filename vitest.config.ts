import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The data access layer's tests that also run on PostgreSQL (the `postgresql` project, decisions 0026 and 0029): every
 * DAL test file but read-only-database (a read-only SQLite file); core/prisma-transactions (SQLite's write lock) stays
 * SQLite's too. They add about 100 s to the unit tests on 2 cores. The PostgreSQL migration runner is tested by
 * lib/db/__tests__/postgres-*.test.ts, which create their own databases (in the sqlite project, so they run once).
 */
const DAL_ON_POSTGRESQL = [
  "api-tokens",
  "api-token-scopes",
  "llm-settings",
  "publish-gate",
  "reviews",
  "routines",
  "toolkits-and-actors",
  "users",
  "dal-authorization",
  "llm-exchanges",
  "llm-settings-secrets",
  "memory-clashes",
  "memory-embeddings",
  "memory-retrieval",
  "memory-thresholds",
  "run-context-settings",
  "review-authorization",
  "review-editors",
  "review-four-eyes",
  "review-refusals",
  "routine-drafts",
  "tool-pins",
  "tool-servers-secrets",
  "tool-servers-stdio",
  "tool-servers-try",
  "tool-servers",
  "agent-runs",
  "agent-bindings",
  "eval-harness",
  "eval-suites",
  "eval-context",
  "eval-sandbox",
  "eval-gate-history",
  "run-worker-crash",
  "run-workers-dal",
  "run-workers-shutdown",
  "run-children",
  "runs-actor",
  "runs-context",
  "runs-authorization",
  "runs-visibility",
  "test-cases",
  "training-export",
  "content-write-races",
  "review-content-binding",
  "default-mode",
].map((name) => `lib/db/__tests__/${name}.test.ts`);

/** More run tests on PostgreSQL: the runs API and its event streams, planned runs, pinned tool outputs, draining. */
const MORE_ON_POSTGRESQL = [
  "lib/runs/planned-operations/__tests__/planned-runs.test.ts",
  "lib/runs/store/__tests__/agent-tool-fixtures.test.ts",
  "lib/runs/store/__tests__/run-worker-drain.test.ts",
  "lib/db/__tests__/run-worker-compressor.test.ts",
  "lib/api/__tests__/run-events-api.test.ts",
  "lib/api/__tests__/run-events-shared-cap.test.ts",
  "lib/api/__tests__/runs-api.test.ts",
  "lib/api/__tests__/runs-api-context.test.ts",
  "lib/api/__tests__/runs-api-planned.test.ts",
  "lib/api/__tests__/runs-api-request.test.ts",
  "lib/api/__tests__/token-scopes-api.test.ts",
  "app/\\(designer\\)/runs/\\[id\\]/__tests__/run-actions.test.ts",
  "app/\\(designer\\)/runs/\\[id\\]/__tests__/approval-bindings.test.ts",
  "app/\\(designer\\)/routines/\\[id\\]/__tests__/run-context-actions.test.ts",
  "app/\\(designer\\)/runs/\\[id\\]/__tests__/planned-actions.test.ts",
];

/**
 * The run store's tests that run on PostgreSQL too (decision 0029): its contract (commits, leases, numbering, group
 * and refused writes), operators' controls, a worker executing runs, and events reaching other processes.
 */
const RUN_STORE_ON_POSTGRESQL = [
  "lib/runs/store/__tests__/run-store.test.ts",
  "lib/runs/store/__tests__/run-worker-leases.test.ts",
  "lib/runs/store/__tests__/run-event-relay.test.ts",
  "lib/db/__tests__/run-controls.test.ts",
  "lib/db/__tests__/run-worker.test.ts",
  "lib/db/__tests__/stage-controls.test.ts",
  "lib/db/__tests__/step-interventions.test.ts",
  "lib/db/__tests__/runs-start.test.ts",
  "lib/db/__tests__/run-workers-chaos.test.ts",
  "lib/db/__tests__/run-database-away.test.ts",
  "lib/runs/store/__tests__/run-queue.test.ts",
  "lib/runs/store/__tests__/run-event-notify.test.ts",
];

/** Tests that need no database, by name (decision 0016): the `unit` project. */
const UNIT_TESTS = [
  "lib/**/*.unit.test.ts",
  "scripts/**/*.unit.test.ts",
  "app/**/*.unit.test.ts",
  "components/**/*.unit.test.ts",
];

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
    // One test process per core. Vitest's default leaves a core to itself (1 worker on 2 cores): the unit tests
    // took 184 s that way and 118 s with 2 (docs/decisions/0016-test-suite-time.md).
    maxWorkers: availableParallelism(),
    projects: [
      {
        // Tests that need no database (*.unit.test.ts): no set-up beyond the environment, and the module graph kept
        // between files of a worker (isolate: false), which halves their time (decision 0016). Their set-up points
        // the database nowhere, so one that reaches for it fails.
        extends: true,
        test: {
          name: "unit",
          include: UNIT_TESTS,
          isolate: false,
          setupFiles: ["test/setup-unit.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts"],
          // A PostgreSQL server going away, simulated with a proxy in front of it: no SQLite equivalent.
          exclude: [
            ...configDefaults.exclude,
            ...UNIT_TESTS,
            "lib/db/__tests__/run-database-away.test.ts",
            // The run queue (pg-boss) exists on PostgreSQL only.
            "lib/runs/store/__tests__/run-queue.test.ts",
            "lib/runs/store/__tests__/run-event-notify.test.ts",
          ],
          setupFiles: ["test/setup-database.ts"],
        },
      },
      {
        // The same DAL tests on a PostgreSQL database per test file (decision 0026). No server: they fail, loudly.
        extends: true,
        test: {
          name: "postgresql",
          include: [...DAL_ON_POSTGRESQL, ...RUN_STORE_ON_POSTGRESQL, ...MORE_ON_POSTGRESQL],
          setupFiles: ["test/setup-postgres-database.ts"],
        },
      },
    ],
  },
});
