// The unit project's set-up (*.unit.test.ts): tests that need no database, run without one. The database URL points
// where no database can be, so a unit test that reaches for one fails loudly instead of passing on shared state;
// such a test belongs in a *.test.ts file, which gets its own migrated database (test/setup-database.ts).
process.env.DATABASE_URL = "file:/nonexistent/routine-studio-unit-tests-have-no-database.db";
process.env.BETTER_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.BETTER_AUTH_URL = "http://localhost:3999";
// The tests' MCP servers and fake model endpoints listen on loopback, which the outbound policy refuses by default.
process.env.OUTBOUND_ALLOWED_NETWORKS = "127.0.0.0/8, ::1";
// Next's request-scoped storage modules read AsyncLocalStorage from globalThis, as Next's own server sets it up. Unit
// test files share one module graph per worker (isolate: false), so whether a file that loads them finds it must not
// depend on which file ran before in that worker.
import { AsyncLocalStorage } from "node:async_hooks";
(globalThis as { AsyncLocalStorage?: typeof AsyncLocalStorage }).AsyncLocalStorage ??= AsyncLocalStorage;
