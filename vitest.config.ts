import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
    },
  },
  test: {
    environment: "node",
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts"],
    setupFiles: ["test/setup-database.ts"],
    testTimeout: 20_000,
    // Set-up hooks seed a database and start servers; on a loaded 2-core machine that has taken over the 10 s default.
    hookTimeout: 30_000,
    pool: "forks",
    // One test process per core. Vitest's default leaves a core to itself (1 worker on 2 cores): the unit tests
    // took 184 s that way and 118 s with 2 (docs/decisions/0016-test-suite-time.md).
    maxWorkers: availableParallelism(),
  },
});
