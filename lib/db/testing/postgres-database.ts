// Test databases on the PostgreSQL test server, for tests under lib/. The code lives in test/ because the postgresql
// project's set-up file needs it too, and test/ importing lib/db/testing would close a module cycle.
export { createTestPostgresDatabase, TEST_POSTGRES_ADMIN_URL } from "../../../test/postgres-database";
export type { TestPostgresDatabase } from "../../../test/postgres-database";
