// The demo HR MCP server: `--stdio` for clients that spawn it, `--http [--port 3101] [--host 127.0.0.1]
// [--allowed-hosts a,b]` for Streamable HTTP at /mcp. Run with `node --import tsx scripts/demo-hr-server.ts …`.
// Over stdio, stdout carries the protocol, so everything human-readable goes to stderr.
// `--latency-ms N` (or DEMO_HR_LATENCY_MS) delays every tool call by a random 0–N ms, half of them before the side
// effect and half after it, for tests that kill a caller mid-call; `--latency-seed S` (DEMO_HR_LATENCY_SEED) fixes
// the delays.
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createDemoHrServer, createToolLatency, startDemoHrHttpServer } from "../lib/demo/hr-server";

const USAGE =
  "usage: demo-hr-server --stdio | --http [--port 3101] [--host 127.0.0.1] [--allowed-hosts host1,host2]" +
  " [--latency-ms 0] [--latency-seed n]";

function parseCommandLine() {
  try {
    const { values } = parseArgs({
      options: {
        stdio: { type: "boolean", default: false },
        http: { type: "boolean", default: false },
        port: { type: "string", default: "3101" },
        host: { type: "string", default: "127.0.0.1" },
        "allowed-hosts": { type: "string" },
        "latency-ms": { type: "string", default: process.env.DEMO_HR_LATENCY_MS || "0" },
        "latency-seed": { type: "string", default: process.env.DEMO_HR_LATENCY_SEED },
        help: { type: "boolean", default: false },
      },
    });
    return values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/** A whole number from the command line (or its environment variable), or a clear failure. */
function wholeNumber(name: string, value: string, max: number): number {
  const number = Number(value.trim() || NaN);
  if (!Number.isSafeInteger(number) || number < 0 || number > max)
    fail(`--${name} must be a whole number from 0 to ${max}, got "${value}".`);
  return number;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const options = parseCommandLine();
  if (options.help) {
    console.error(USAGE);
    return;
  }
  if (options.stdio === options.http) fail("Choose exactly one of --stdio and --http.");
  const seed = options["latency-seed"];
  const maxMs = wholeNumber("latency-ms", options["latency-ms"], 60_000);
  const latency = createToolLatency({
    maxMs,
    seed: seed === undefined ? undefined : wholeNumber("latency-seed", seed, 2 ** 32 - 1),
  });
  const slow = latency ? ` (tool calls delayed by up to ${maxMs} ms)` : "";

  if (options.stdio) {
    const server = createDemoHrServer(undefined, latency);
    const transport = new StdioServerTransport();
    const stop = () => void server.close().finally(() => process.exit(0));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
    // The client closing our stdin is the normal end of a stdio session.
    process.stdin.once("end", stop);
    await server.connect(transport);
    console.error(`demo HR MCP server running on stdio${slow}`);
    return;
  }

  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got "${options.port}".`);
  const allowedHosts = options["allowed-hosts"]
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const server = await startDemoHrHttpServer({ port, host: options.host, allowedHosts, latency }).catch(
    (error: NodeJS.ErrnoException) => {
      fail(
        error.code === "EADDRINUSE"
          ? `Port ${port} is already in use; choose another with --port.`
          : `Cannot start: ${error.message}`,
      );
    },
  );
  const stop = () => void server.close().finally(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  console.log(`demo HR MCP server listening on ${server.url}${slow}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
