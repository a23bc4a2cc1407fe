import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  isInitializeRequest,
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
 * A tiny MCP server over Streamable HTTP (sessions, JSON responses) that answers at once: `echo` returns its
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

  // Stateful, as most MCP servers are: the gateway's session keeps one transport (and one Server) for all its calls,
  // so the benchmark's tool server costs little CPU beside the worker it measures (a Server and a transport per
  // request cost about a millisecond a call, which on a 2-core machine the worker then lacks).
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "DELETE") {
      const id = String(req.headers["mcp-session-id"] ?? "");
      await sessions.get(id)?.close();
      sessions.delete(id);
      res.writeHead(200).end();
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST, DELETE" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const known = sessions.get(String(req.headers["mcp-session-id"] ?? ""));
    if (known) return known.handleRequest(req, res, body);
    if (!isInitializeRequest(body)) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }));
      return;
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: true,
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    await mcpServer().connect(transport);
    await transport.handleRequest(req, res, body);
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
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
