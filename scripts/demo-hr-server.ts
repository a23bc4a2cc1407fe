// The demo HR MCP server: `--stdio` for clients that spawn it, `--http [--port 3101] [--host 127.0.0.1]
// [--allowed-hosts a,b]` for Streamable HTTP at /mcp. Run with `node --import tsx scripts/demo-hr-server.ts …`.
// Over stdio, stdout carries the protocol, so everything human-readable goes to stderr.
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createDemoHrServer, startDemoHrHttpServer } from "../lib/demo/hr-server";

const USAGE = "usage: demo-hr-server --stdio | --http [--port 3101] [--host 127.0.0.1] [--allowed-hosts host1,host2]";

function parseCommandLine() {
  try {
    const { values } = parseArgs({
      options: {
        stdio: { type: "boolean", default: false },
        http: { type: "boolean", default: false },
        port: { type: "string", default: "3101" },
        host: { type: "string", default: "127.0.0.1" },
        "allowed-hosts": { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
    return values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
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

  if (options.stdio) {
    const server = createDemoHrServer();
    const transport = new StdioServerTransport();
    const stop = () => void server.close().finally(() => process.exit(0));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
    // The client closing our stdin is the normal end of a stdio session.
    process.stdin.once("end", stop);
    await server.connect(transport);
    console.error("demo HR MCP server running on stdio");
    return;
  }

  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got "${options.port}".`);
  const allowedHosts = options["allowed-hosts"]
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const server = await startDemoHrHttpServer({ port, host: options.host, allowedHosts }).catch(
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
  console.log(`demo HR MCP server listening on ${server.url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
