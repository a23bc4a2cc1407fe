// Starts the demo HR MCP server (scripts/demo-hr-server.ts) over Streamable HTTP as a child of the start, e2e
// or benchmark command, waits until it listens, and stops it when the parent exits. Node built-ins only.
import { spawn } from "node:child_process";
import { root } from "./prepare.mjs";

const READY = /demo HR MCP server listening on (http:\/\/\S+)/;

/**
 * @param {string | number} port
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ url: string, child: import("node:child_process").ChildProcess }>}
 */
export function startDemoHrServer(port, env) {
  console.log(`\n▶ Starting the demo HR MCP server on port ${port}`);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo-hr-server.ts", "--http", "--port", String(port)], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => child.exitCode === null && child.kill("SIGTERM");
  process.on("exit", stop);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error("the demo HR MCP server did not start within 60 s")), 60_000);
    let buffered = "";
    const fail = (error) => {
      clearTimeout(timer);
      stop();
      reject(error);
    };
    child.once("exit", (code) => fail(new Error(`the demo HR MCP server exited (code ${code}) before it was ready; is port ${port} free?`)));
    child.stdout.on("data", (chunk) => {
      if (!buffered.includes("\n") || !READY.test(buffered)) buffered += chunk.toString();
      const match = READY.exec(buffered);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      child.once("exit", (code) => code && console.error(`✖ The demo HR MCP server stopped (code ${code}); its tools are unavailable until the next start.`));
      // Keep draining its stdout so it never blocks on a full pipe.
      child.stdout.removeAllListeners("data");
      child.stdout.resume();
      console.log(`✔ Demo HR MCP server ready at ${match[1]}`);
      resolve({ url: match[1], child });
    });
  });
}
