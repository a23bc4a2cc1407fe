import "server-only";
import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { authenticateRequest } from "../request-viewer";
import { readLimitedText } from "../request-body";
import { appOrigin } from "../same-origin";
import { createRoutineServer } from "./routine-server";
import { addSession, closeSession, findSession, type McpSession } from "./sessions";

/** The largest JSON-RPC message read: a tool call's arguments, never a file. */
export const MAX_MCP_REQUEST_BYTES = 64 * 1024;

/** A JSON-RPC error as the whole HTTP answer, the way MCP clients read transport errors. */
function rpcError(status: number, code: number, message: string, headers: HeadersInit = {}): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code, message }, id: null },
    { status, headers: { "Cache-Control": "no-store", ...Object.fromEntries(new Headers(headers)) } },
  );
}

/**
 * Who calls: a personal API token with the scope `runs:start` (`Authorization: Bearer`), never the session cookie,
 * so a web page cannot drive the endpoint from a signed-in browser. Refusals keep the API's status and
 * `WWW-Authenticate` header (401, 403 naming the missing scope) with the message as a JSON-RPC error.
 */
async function authenticate(request: Request) {
  if (!request.headers.has("authorization"))
    return {
      ok: false as const,
      response: rpcError(
        401,
        -32001,
        'Send a personal API token with the scope "runs:start" as "Authorization: Bearer <token>".',
        {
          "WWW-Authenticate": 'Bearer realm="routine-studio", scope="runs:start"',
        },
      ),
    };
  const authenticated = await authenticateRequest(request, "runs:start");
  if (authenticated.ok) return authenticated;
  const { status, headers } = authenticated.response;
  const { error } = (await authenticated.response.json()) as { error: string };
  return { ok: false as const, response: rpcError(status, -32001, error, headers) };
}

/**
 * GET, POST and DELETE /api/mcp: the MCP server of published routines over Streamable HTTP (stateful sessions,
 * `Mcp-Session-Id`). Every request is authenticated; a session belongs to the user who opened it, and another
 * user's token cannot use it (404, as for an unknown session). A request from a web page of another origin is
 * refused (DNS rebinding); a body over MAX_MCP_REQUEST_BYTES answers 413 before anything is parsed or started.
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const origin = appOrigin(request);
  const sentOrigin = request.headers.get("origin");
  if (sentOrigin !== null && sentOrigin !== origin)
    return rpcError(403, -32000, `Forbidden: requests from ${sentOrigin} are not accepted (only ${origin}).`);
  const authenticated = await authenticate(request);
  if (!authenticated.ok) return authenticated.response;
  const viewer = authenticated.auth.viewer;

  let parsedBody: unknown;
  if (request.method === "POST") {
    const text = await readLimitedText(request, MAX_MCP_REQUEST_BYTES);
    if (text === null)
      return rpcError(
        413,
        -32600,
        `The request is too large: an MCP message here is at most ${MAX_MCP_REQUEST_BYTES / 1024} KB.`,
      );
    try {
      parsedBody = JSON.parse(text);
    } catch {
      return rpcError(400, -32700, "Parse error: the request body is not JSON.");
    }
  }

  const sessionId = request.headers.get("mcp-session-id");
  if (sessionId !== null) {
    const session = findSession(sessionId);
    if (!session || session.userId !== viewer.id)
      return rpcError(404, -32001, "Session not found; send initialize to open a new session.");
    session.viewer = viewer;
    session.lastSeen = Date.now();
    const response = await session.transport.handleRequest(request, { parsedBody });
    if (request.method === "DELETE" && response.ok) await closeSession(sessionId);
    return response;
  }
  if (request.method !== "POST" || !isInitializeRequest(parsedBody))
    return rpcError(400, -32000, "Bad request: send initialize first, then the Mcp-Session-Id header it answers with.");

  const holder: { session?: McpSession } = {};
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (id) => {
      holder.session = { id, userId: viewer.id, viewer, transport, server, lastSeen: Date.now() };
      addSession(holder.session);
    },
  });
  const server = createRoutineServer({ viewer: () => holder.session?.viewer ?? viewer, origin });
  transport.onclose = () => {
    if (transport.sessionId) void closeSession(transport.sessionId);
  };
  await server.connect(transport);
  return transport.handleRequest(request, { parsedBody });
}
