import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { ECHO, ECHO_INPUT_SCHEMA, HOLD, HOLD_INPUT_SCHEMA } from "./routines";

export type InstantMcpServer = {
  url: string;
  /**
   * Makes the next calls of the hold tool wait until `release()`; `reached` resolves when one arrives. Calls made
   * while no hold is armed answer at once.
   */
  hold(): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
};

/**
 * A tiny MCP server over Streamable HTTP (stateless, JSON responses) that answers at once: `echo` returns its
 * argument as structured content, `hold` waits for the benchmark. It runs inside the benchmark's process, so a tool
 * call costs the gateway's HTTP round trip on localhost and nothing more.
 */
export async function startInstantMcpServer(port = 0): Promise<InstantMcpServer> {
  let gate: { arrive: () => void; released: Promise<void> } | null = null;

  const mcpServer = () => {
    const server = new Server(
      { name: "routine-studio-bench", version: "1.0.0" },
      { capabilities: { tools: { listChanged: false } } },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        { name: ECHO.name, description: "Answers with the value it was given.", inputSchema: ECHO_INPUT_SCHEMA },
        { name: HOLD.name, description: "Waits until the benchmark releases it.", inputSchema: HOLD_INPUT_SCHEMA },
      ],
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
      const { name, arguments: args } = request.params;
      if (name === ECHO.name) {
        const result = { value: String(args?.value ?? "") };
        return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
      }
      if (name === HOLD.name) {
        const current = gate;
        if (current) {
          current.arrive();
          await current.released;
        }
        return { content: [{ type: "text", text: "{}" }], structuredContent: {} };
      }
      throw Object.assign(new Error(`Unknown tool ${name}`), { code: ErrorCode.InvalidParams });
    });
    return server;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = mcpServer();
    res.on("close", () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString("utf8")));
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(
        `[bench:runner] instant MCP server: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, "127.0.0.1", () => resolve());
  });

  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    hold() {
      let arrive!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      gate = { arrive, released };
      return {
        reached,
        release: () => {
          gate = null;
          release();
        },
      };
    },
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
