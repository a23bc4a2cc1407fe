import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import {
  assertToolSucceeded,
  formatBytes,
  normalizeToolError,
  toolResultError,
  ToolGatewayError,
  type ToolErrorContext,
} from "../errors";
import type { ToolCallResult } from "../types";

const call: ToolErrorContext = { server: "HR", tool: "get_employee", operation: "call", timeoutMs: 1500 };
const connect: ToolErrorContext = { server: "HR", operation: "connect" };

function systemError(code: string): Error {
  return Object.assign(new Error(`spawn x ${code}`), { code });
}

const table: [string, unknown, ToolErrorContext, string, boolean, RegExp][] = [
  [
    "McpError ConnectionClosed mid-call",
    new McpError(ErrorCode.ConnectionClosed, "Connection closed"),
    call,
    "connection_lost",
    true,
    /closed the connection/,
  ],
  [
    "McpError ConnectionClosed at connect",
    new McpError(ErrorCode.ConnectionClosed, "Connection closed"),
    connect,
    "server_unavailable",
    true,
    /during the MCP handshake/,
  ],
  [
    "McpError RequestTimeout",
    new McpError(ErrorCode.RequestTimeout, "Request timed out"),
    call,
    "timeout",
    true,
    /within 1\.5 s/,
  ],
  [
    "McpError InvalidParams: unknown tool",
    new McpError(ErrorCode.InvalidParams, "Tool get_employee not found"),
    call,
    "unknown_tool",
    false,
    /not offered/,
  ],
  [
    "McpError InvalidParams: arguments",
    new McpError(ErrorCode.InvalidParams, "bad id"),
    call,
    "invalid_arguments",
    false,
    /rejected the arguments/,
  ],
  [
    "McpError InternalError",
    new McpError(ErrorCode.InternalError, "boom"),
    call,
    "protocol_error",
    false,
    /MCP error -32603/,
  ],
  ["spawn ENOENT", systemError("ENOENT"), connect, "server_unavailable", false, /command was not found/],
  ["ECONNREFUSED", systemError("ECONNREFUSED"), connect, "server_unavailable", true, /not reachable \(ECONNREFUSED\)/],
  [
    "fetch failed wrapping ECONNREFUSED",
    new TypeError("fetch failed", { cause: systemError("ECONNREFUSED") }),
    connect,
    "server_unavailable",
    true,
    /ECONNREFUSED/,
  ],
  [
    "HTTP 401",
    new StreamableHTTPError(401, "Error POSTing to endpoint: unauthorized"),
    connect,
    "server_unavailable",
    false,
    /HTTP 401.*bearer token/,
  ],
  [
    "HTTP 404 at connect",
    new StreamableHTTPError(404, "Error POSTing to endpoint: nope"),
    connect,
    "server_unavailable",
    false,
    /no MCP endpoint/,
  ],
  [
    "HTTP 404 mid-session",
    new StreamableHTTPError(404, "Error POSTing to endpoint: unknown session"),
    call,
    "connection_lost",
    true,
    /session/,
  ],
  [
    "HTTP 503",
    new StreamableHTTPError(503, "Error POSTing to endpoint: down"),
    call,
    "server_unavailable",
    true,
    /HTTP 503/,
  ],
  ["AbortError", new DOMException("aborted", "AbortError"), call, "cancelled", false, /cancelled/],
  ["TimeoutError", new DOMException("timed out", "TimeoutError"), call, "timeout", true, /within 1\.5 s/],
  [
    "stdio buffer overflow",
    new Error("ReadBuffer exceeded maximum size of 67108864 bytes"),
    call,
    "output_too_large",
    false,
    /larger than the transport accepts/,
  ],
  [
    "HTTP 400 with a body",
    new StreamableHTTPError(400, "Error POSTing to endpoint: <html>db password hunter2</html>"),
    connect,
    "server_unavailable",
    false,
    /^Server "HR" rejected the request \(HTTP 400\)\.$/,
  ],
  [
    "a body that is not JSON",
    new SyntaxError(`Unexpected token '<', "<html>AKIA"... is not valid JSON`),
    connect,
    "protocol_error",
    false,
    /^Server "HR" answered with something that is not JSON\.$/,
  ],
  [
    "an MCP error before the handshake completed",
    new McpError(ErrorCode.InternalError, "internal: token=hunter2"),
    connect,
    "server_unavailable",
    false,
    /^Server "HR" answered the MCP handshake with an error \(code -32603\)\.$/,
  ],
  [
    "an outbound refusal behind fetch failed",
    new TypeError("fetch failed", {
      cause: Object.assign(new Error("address not allowed: link-local"), { name: "OutboundRefusedError" }),
    }),
    connect,
    "server_unavailable",
    false,
    /^Server "HR" was not contacted: address not allowed: link-local\.$/,
  ],
  ["anything else", new Error("weird"), call, "protocol_error", false, /failed: weird/],
  ["a thrown string", "nope", call, "protocol_error", false, /failed: nope/],
];

describe("normalizeToolError", () => {
  it.each(table)("%s", (_label, input, ctx, code, retryable, message) => {
    const error = normalizeToolError(input, ctx);
    expect(error).toBeInstanceOf(ToolGatewayError);
    expect(error.code).toBe(code);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(ctx.tool ? `Tool "${ctx.tool}" on server "HR"` : 'Server "HR"')).toBe(true);
    expect(error.cause).toBe(input);
  });

  it("passes gateway errors through unchanged", () => {
    const original = new ToolGatewayError("unknown_tool", "x", { server: "HR" });
    expect(normalizeToolError(original, call)).toBe(original);
  });

  it("redacts secrets that a cause's message might echo", () => {
    const error = normalizeToolError(new McpError(ErrorCode.InvalidParams, "bad header Bearer tok-SECRET-1"), {
      ...call,
      secrets: ["tok-SECRET-1"],
    });
    expect(error.message).not.toContain("tok-SECRET-1");
    expect(error.message).toContain("[redacted]");
  });
});

describe("tool results with isError", () => {
  const result = (isError: boolean): ToolCallResult => ({
    content: [{ type: "text", text: "Employee 42 not found" }],
    text: "Employee 42 not found",
    isError,
    durationMs: 3,
    bytes: 50,
  });
  const ctx = { server: "HR", tool: "get_employee" };

  it("turn into tool_error only when the caller asks", () => {
    expect(toolResultError(result(false), ctx)).toBeNull();
    expect(assertToolSucceeded(result(false), ctx).text).toBe("Employee 42 not found");
    const error = toolResultError(result(true), ctx);
    expect(error).toMatchObject({ code: "tool_error", retryable: false });
    expect(error?.message).toBe('Tool "get_employee" on server "HR" reported an error: Employee 42 not found');
    expect(() => assertToolSucceeded(result(true), ctx)).toThrow(ToolGatewayError);
  });
});

describe("formatBytes", () => {
  it("prints sizes for messages", () => {
    expect([formatBytes(80), formatBytes(2048), formatBytes(10 * 1024 * 1024)]).toEqual(["80 B", "2 KB", "10.0 MB"]);
  });
});
