// Starts the demo HR MCP server (scripts/demo-hr-server.ts) over Streamable HTTP as a child of the start, e2e
// or benchmark command, waits until it listens, and stops it when the parent exits. Node built-ins only.
import { startChildServer } from "./child-server.mjs";

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
