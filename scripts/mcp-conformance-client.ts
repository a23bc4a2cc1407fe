// The client entry the official MCP conformance suite launches for its client scenarios:
//   conformance client --command "node --import ./scripts/lib/server-only.mjs --import tsx scripts/mcp-conformance-client.ts" --scenario <name>
// The suite appends the scenario server's URL as the last argument and names the scenario in
// MCP_CONFORMANCE_SCENARIO. Everything goes through our tool gateway, so the suite checks what the app runs.
// It imports the gateway through its index like the app does; the index carries `server-only`, which the
// server-only hook lets plain Node load.
import { assertToolSucceeded, createToolGateway, type ToolGateway, type ToolServerConfig } from "../lib/tool-gateway";

type Scenario = (gateway: ToolGateway, server: ToolServerConfig) => Promise<void>;

/** Calls a tool the scenario server must offer, failing loudly if it is missing or reports an error. */
async function callListed(
  gateway: ToolGateway,
  server: ToolServerConfig,
  tool: string,
  args: Record<string, unknown>,
): Promise<string> {
  const tools = await gateway.listTools(server);
  if (!tools.some((t) => t.name === tool)) throw new Error(`the scenario server does not list ${tool}`);
  const result = assertToolSucceeded(await gateway.callTool(server, tool, args), { server: server.name, tool });
  return result.text;
}

const scenarios: Record<string, Scenario> = {
  // Handshake (initialize + initialized), then a first request on the session.
  initialize: async (gateway, server) => {
    await gateway.listTools(server);
  },
  // List tools, then call add_numbers with numbers; the server checks the arguments and the sum.
  tools_call: async (gateway, server) => {
    console.log(await callListed(gateway, server, "add_numbers", { a: 5, b: 3 }));
  },
  // The server closes the tools/call SSE stream early; the transport must reconnect with GET + Last-Event-ID after
  // the advertised `retry` delay and receive the result there.
  "sse-retry": async (gateway, server) => {
    console.log(await callListed(gateway, server, "test_reconnection", {}));
  },
};

async function main(): Promise<number> {
  const url = process.argv.at(-1);
  const name = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
  const scenario = scenarios[name];
  if (!url || !/^https?:\/\//.test(url)) {
    console.error("usage: mcp-conformance-client.ts <server-url>  (MCP_CONFORMANCE_SCENARIO names the scenario)");
    return 2;
  }
  if (!scenario) {
    console.error(`unsupported scenario "${name}"; supported: ${Object.keys(scenarios).join(", ")}`);
    return 2;
  }
  const gateway = createToolGateway({ defaultTimeoutMs: 20_000 });
  const server: ToolServerConfig = { id: "conformance", name: `conformance ${name}`, transport: { kind: "http", url } };
  try {
    await scenario(gateway, server);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    return 1;
  } finally {
    await gateway.close();
  }
}

process.exitCode = await main();
