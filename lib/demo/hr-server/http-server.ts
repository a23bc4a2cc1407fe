import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createDemoHrServer } from "./server";
import { createHrStore, type HrStore } from "./store";
import type { ToolLatency } from "./latency";

export const MCP_PATH = "/mcp";
/** Read-only: how many times each side effect ran per tool and idempotency key (tests check retries ran once). */
export const SIDE_EFFECTS_PATH = "/debug/side-effects";
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export type DemoHrHttpOptions = {
  /** 0 picks a free port. Default 3101. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /**
   * Host names (or host:port) accepted in the Host and Origin headers. By default only localhost, 127.0.0.1 and
   * [::1] on the server's own port, which stops DNS-rebinding attacks from web pages in the user's browser.
   */
  allowedHosts?: string[];
  /** Shared by all sessions; a fresh seeded store by default. */
  store?: HrStore;
  /** Delays every tool call's answer (createToolLatency); shared by all sessions. None by default. */
  latency?: ToolLatency | null;
};

export type DemoHrHttpServer = { url: string; port: number; store: HrStore; close(): Promise<void> };

/**
 * Serves the demo HR MCP server over Streamable HTTP at `/mcp`: stateful sessions (the `Mcp-Session-Id` header),
 * POST for requests, GET for the server's SSE stream, DELETE to end a session. All sessions share one store, so a
 * leave filed in one session is seen in the next and an idempotency key holds across reconnects.
 */
export async function startDemoHrHttpServer(options: DemoHrHttpOptions = {}): Promise<DemoHrHttpServer> {
  const host = options.host ?? "127.0.0.1";
  const store = options.store ?? createHrStore();
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let port = options.port ?? 3101;

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("demo HR HTTP request failed:", error);
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, "Internal server error");
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path !== MCP_PATH && path !== SIDE_EFFECTS_PATH)
      return sendJsonRpcError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const rejected = rebindingProblem(req, port, options.allowedHosts);
    if (rejected) return sendJsonRpcError(res, 403, -32000, rejected);
    if (path === SIDE_EFFECTS_PATH) return sendSideEffects(req, res, store);

    const body = req.method === "POST" ? await readJson(req) : undefined;
    if (body === INVALID_JSON) return sendJsonRpcError(res, 400, -32700, "Parse error: the request body is not JSON");
    if (body === TOO_LARGE)
      return sendJsonRpcError(res, 413, -32600, `Request body larger than ${MAX_BODY_BYTES} bytes`);

    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const transport = sessions.get(sessionId);
      if (!transport) return sendJsonRpcError(res, 404, -32001, "Session not found; initialize a new session");
      return transport.handleRequest(req, res, body);
    }
    if (req.method !== "POST" || !isInitializeRequest(body)) {
      return sendJsonRpcError(
        res,
        400,
        -32000,
        "Bad Request: send an initialize request first, then the Mcp-Session-Id header it returns",
      );
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createDemoHrServer(store, options.latency).connect(transport);
    await transport.handleRequest(req, res, body);
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(port, host, () => resolve());
  });
  port = (httpServer.address() as AddressInfo).port;
  const shownHost = host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    port,
    store,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      sessions.clear();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

function sendSideEffects(req: IncomingMessage, res: ServerResponse, store: HrStore): void {
  if (req.method !== "GET") {
    res
      .writeHead(405, { allow: "GET", "content-type": "application/json" })
      .end(JSON.stringify({ error: "Only GET: the side-effect counts are read-only." }));
    return;
  }
  res
    .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
    .end(JSON.stringify({ sideEffects: [...store.sideEffects.values()] }));
}

/** Why a request's Host or Origin header is refused, or null when both are acceptable. */
function rebindingProblem(req: IncomingMessage, port: number, allowedHosts: string[] | undefined): string | null {
  const allowed = (value: string) =>
    allowedHosts
      ? allowedHosts.some((entry) => matchesEntry(value, entry))
      : ["localhost", "127.0.0.1", "[::1]"].some((name) => value === `${name}:${port}`);
  const hostHeader = req.headers.host;
  if (!hostHeader || !allowed(hostHeader))
    return `Forbidden: Host header "${hostHeader ?? ""}" is not allowed (DNS rebinding protection)`;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (!originHost || !allowed(originHost))
      return `Forbidden: Origin "${origin}" is not allowed (DNS rebinding protection)`;
  }
  return null;
}

/** An allowed-hosts entry with a port must match exactly; without one it accepts the host on any port. */
function matchesEntry(value: string, entry: string): boolean {
  if (value.toLowerCase() === entry.toLowerCase()) return true;
  return !/:\d+$/.test(entry) && hostnameOf(value) === hostnameOf(entry);
}

function hostnameOf(hostAndPort: string): string {
  try {
    return new URL(`http://${hostAndPort}`).hostname;
  } catch {
    return "";
  }
}

const INVALID_JSON = Symbol("invalid JSON");
const TOO_LARGE = Symbol("too large");

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return TOO_LARGE;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return INVALID_JSON;
  }
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
