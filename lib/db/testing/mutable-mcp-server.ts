// A real MCP server over Streamable HTTP (stateless: a fresh protocol server per request) whose tool list a
// test changes between refreshes, to see schema changes recorded and flagged. Its tools echo their arguments.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";

export type MutableMcpServer = { url: string; tools: Tool[]; requests: number; close(): Promise<void> };

export async function startMutableMcpServer(tools: Tool[]): Promise<MutableMcpServer> {
  const state: MutableMcpServer = { url: "", tools, requests: 0, close: async () => undefined };
  const http = createServer(async (req, res) => {
    state.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    const server = new Server({ name: "mutable", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: state.tools }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({
      content: [
        {
          type: "text",
          text: JSON.stringify({ tool: request.params.name, arguments: request.params.arguments ?? {} }),
        },
      ],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  state.close = async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  };
  return state;
}

export const objectSchema = (properties: Record<string, object>, required: string[] = []) => ({
  type: "object" as const,
  properties,
  required,
});
