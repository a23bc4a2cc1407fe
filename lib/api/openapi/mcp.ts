import { z } from "zod";
import type { ZodOpenApiPathItemObject, ZodOpenApiResponseObject } from "zod-openapi";
import { SSE } from "./responses";

// /api/mcp, the MCP server of published routines over Streamable HTTP (https://modelcontextprotocol.io, transport
// "Streamable HTTP"). The messages are JSON-RPC 2.0; what each method takes is MCP's schema, not repeated here.

const jsonRpcId = z.union([z.string(), z.number().int()]).meta({ id: "JsonRpcId" });

export const jsonRpcErrorSchema = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: jsonRpcId.nullable(),
    error: z.object({
      code: z.number().int().describe("JSON-RPC's codes (-32700 … -32600), and -32001 for authentication."),
      message: z.string(),
      data: z.unknown().optional(),
    }),
  })
  .meta({ id: "JsonRpcError", description: "A JSON-RPC error; transport refusals carry `id: null`." });

const params = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional();

export const jsonRpcMessageSchema = z
  .union([
    z.object({ jsonrpc: z.literal("2.0"), id: jsonRpcId, method: z.string(), params }).describe("A request."),
    z.object({ jsonrpc: z.literal("2.0"), method: z.string(), params }).describe("A notification (no id)."),
    z.object({ jsonrpc: z.literal("2.0"), id: jsonRpcId, result: z.unknown() }).describe("A result."),
    jsonRpcErrorSchema,
  ])
  .meta({ id: "JsonRpcMessage", description: "A JSON-RPC 2.0 message: MCP's methods and results." });

const jsonRpcBody = z.union([jsonRpcMessageSchema, z.array(jsonRpcMessageSchema).min(1)]);

const sessionHeader = z.object({
  "Mcp-Session-Id": z
    .string()
    .optional()
    .describe("The session the server gave in its answer to `initialize`; required on every later request."),
});

const rpcError = (description: string): ZodOpenApiResponseObject => ({
  description,
  content: { "application/json": { schema: jsonRpcErrorSchema } },
});

const refusals = {
  "400": rpcError("Not a JSON-RPC message, a request without a session that is not `initialize`, or a bad header."),
  "401": rpcError("No, a bad, revoked or expired API token (the session cookie is not accepted here)."),
  "403": rpcError('The token lacks the scope "runs:start", or the request came from another site.'),
  "404": rpcError("The session is unknown or has ended: initialize again."),
  "405": rpcError("The method is not offered."),
} as const;

const security = [{ bearerToken: ["runs:start"] }];

export const mcpPathItem: ZodOpenApiPathItemObject = {
  post: {
    operationId: "mcpMessage",
    tags: ["MCP"],
    summary: "Send MCP messages (JSON-RPC 2.0)",
    description:
      "A JSON-RPC message or batch. The first is `initialize`; its answer carries the `Mcp-Session-Id` header to send from then on. Requests are answered as JSON or as an SSE stream (send `Accept: application/json, text/event-stream`); notifications and results alone are accepted with 202. The tools are the published routines; a call starts a run as the token's owner.",
    security,
    requestParams: { header: sessionHeader },
    requestBody: { required: true, content: { "application/json": { schema: jsonRpcBody } } },
    responses: {
      "200": {
        description:
          "The answers: one JSON-RPC message or a batch, or an SSE stream of messages ending in the answers.",
        content: {
          "application/json": { schema: jsonRpcBody },
          [SSE]: { schema: z.string().describe("Server-Sent Events, each `data:` one JSON-RPC message.") },
        },
      },
      "202": { description: "Notifications or results only: accepted, nothing to answer." },
      ...refusals,
      "413": rpcError("The message is too large."),
    },
  },
  get: {
    operationId: "mcpStream",
    tags: ["MCP"],
    summary: "Open the server's SSE stream",
    description: "Messages the server sends outside an answer (notifications), for a session.",
    security,
    requestParams: { header: sessionHeader },
    responses: {
      "200": { description: "The stream.", content: { [SSE]: { schema: z.string() } } },
      ...refusals,
    },
  },
  delete: {
    operationId: "mcpEndSession",
    tags: ["MCP"],
    summary: "End an MCP session",
    security,
    requestParams: { header: sessionHeader },
    responses: { "200": { description: "The session ended." }, ...refusals },
  },
};
