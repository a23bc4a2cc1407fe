// Starts the browser tests' set-up service (scripts/e2e-fixtures.ts) beside the e2e app, on its database.
import { startChildServer } from "./child-server.mjs";

/**
 * @param {string | number} port
 * @param {NodeJS.ProcessEnv} env The app's environment: the same database and settings.
 * @returns {Promise<{ url: string, child: import("node:child_process").ChildProcess }>}
 */
export function startE2eFixtures(port, env) {
  return startChildServer({
    name: "the e2e set-up service",
    args: [
      "--import",
      "./scripts/lib/server-only.mjs",
      "--import",
      "tsx",
      "scripts/e2e-fixtures.ts",
      "--port",
      String(port),
    ],
    env,
    port,
    ready: /e2e fixtures listening on (http:\/\/\S+)/,
  });
}
