// Starts the demo HR MCP server (scripts/demo-hr-server.ts) over Streamable HTTP as a child of the start, e2e
// or benchmark command, waits until it listens, and stops it when the parent exits. Node built-ins only.
import { startChildServer } from "./child-server.mjs";

/**
 * The demo data's "today" (lib/demo/hr-server REFERENCE_DATE; a test keeps the two equal): the start command makes it
 * the runs' today (RUN_TODAY), so "next Monday" in a request matches what the demo tools answer.
 */
export const DEMO_REFERENCE_DATE = "2025-06-16";

/**
 * @param {string | number} port
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ url: string, child: import("node:child_process").ChildProcess }>}
 */
export function startDemoHrServer(port, env) {
  return startChildServer({
    name: "the demo HR MCP server",
    args: ["--import", "tsx", "scripts/demo-hr-server.ts", "--http", "--port", String(port)],
    env,
    port,
    ready: /demo HR MCP server listening on (http:\/\/\S+)/,
  });
}
