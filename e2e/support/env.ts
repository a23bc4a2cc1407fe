import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** The database scripts/serve-e2e.mjs gives the server under test; tests read it to set up edge cases. */
export const E2E_DB_PATH = path.join(
  import.meta.dirname,
  "..",
  "..",
  "data",
  "e2e",
  E2E_PORT === 3100 ? "routine-studio-e2e.db" : `routine-studio-e2e-${E2E_PORT}.db`,
);
/** The demo HR MCP server scripts/serve-e2e.mjs starts beside the app (registered as "hr"). */
export const DEMO_HR_URL = `http://127.0.0.1:${E2E_PORT + 1}/mcp`;
/** The fake OpenAI server scripts/serve-e2e.mjs starts beside the app: its /v1 base URL, the app's OPENAI_BASE_URL. */
export const FAKE_OPENAI_URL = `http://127.0.0.1:${E2E_PORT + 2}/v1`;
/** The set-up service scripts/serve-e2e.mjs starts beside the app: DAL operations as a demo user (e2e/support/dal.ts). */
export const FIXTURES_URL = `http://127.0.0.1:${E2E_PORT + 3}`;
/**
 * For a POST with a session cookie from Playwright's request API, which sends no Origin: the app refuses a
 * cookie-authenticated state change without one (a browser always sends it), as a defence against cross-site requests.
 */
export const SAME_ORIGIN = { origin: BASE_URL } as const;
