import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { findOutboundRefusal } from "../outbound";
import type { ToolCallResult } from "./types";

export type ToolErrorCode =
  | "server_unavailable"
  | "connection_lost"
  | "timeout"
  | "cancelled"
  | "invalid_arguments"
  | "unknown_tool"
  | "tool_error"
  | "output_too_large"
  | "invalid_schema"
  | "protocol_error";

/** Where an error happened, for the message. `secrets` are redacted from any text taken from the cause. */
export type ToolErrorContext = {
  server: string;
  tool?: string;
  operation?: "connect" | "list" | "call" | "ping";
  timeoutMs?: number;
  secrets?: readonly string[];
};

/** Codes a caller may retry as they are (same arguments), typically with backoff. */
const RETRYABLE: ReadonlySet<ToolErrorCode> = new Set(["server_unavailable", "connection_lost", "timeout"]);

/**
 * Every failure the gateway reports. `message` is written for a person and names the server (and tool);
 * `details` carries structured facts (validation issues, sizes, HTTP status) for the UI and the runner.
 */
export class ToolGatewayError extends Error {
  readonly code: ToolErrorCode;
  readonly server: string;
  readonly tool?: string;
  readonly details?: unknown;
  readonly retryable: boolean;

  constructor(
    code: ToolErrorCode,
    message: string,
    options: { server: string; tool?: string; details?: unknown; retryable?: boolean; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolGatewayError";
    this.code = code;
    this.server = options.server;
    this.tool = options.tool;
    this.details = options.details;
    this.retryable = options.retryable ?? RETRYABLE.has(code);
  }
}

/** `Tool "x" on server "y"` or `Server "y"`: the subject every message starts with. */
export function subjectOf(ctx: Pick<ToolErrorContext, "server" | "tool">): string {
  return ctx.tool ? `Tool "${ctx.tool}" on server "${ctx.server}"` : `Server "${ctx.server}"`;
}

/** Builds a `ToolGatewayError` whose message starts with the subject. */
export function gatewayError(
  code: ToolErrorCode,
  ctx: ToolErrorContext,
  text: string,
  extra: { details?: unknown; retryable?: boolean; cause?: unknown } = {},
): ToolGatewayError {
  return new ToolGatewayError(code, `${subjectOf(ctx)} ${text}`, { server: ctx.server, tool: ctx.tool, ...extra });
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * Maps anything thrown while talking to a server (SDK `McpError`, `StreamableHTTPError`, Node system errors,
 * fetch failures, outbound refusals, aborts) to a `ToolGatewayError`. Never throws; an unknown shape becomes
 * `protocol_error`. Messages are stored as a server's last error and shown to every signed-in user, so nothing a
 * server sent outside the MCP protocol reaches them: an HTTP failure says its status and a short reason, never its
 * body (an internal service's error page can hold credentials), and a server's own MCP error text only once it
 * answered the handshake.
 */
export function normalizeToolError(err: unknown, ctx: ToolErrorContext): ToolGatewayError {
  if (err instanceof ToolGatewayError) return err;
  const cause = err;
  const say = (code: ToolErrorCode, text: string, extra: { details?: unknown; retryable?: boolean } = {}) =>
    gatewayError(code, ctx, text, { ...extra, cause });
  const reason = describe(err, ctx.secrets);

  const refused = findOutboundRefusal(err);
  if (refused)
    return refused.status === undefined
      ? say("server_unavailable", `was not contacted: ${refused.message}.`, { retryable: false })
      : say("server_unavailable", `answered with a redirect (HTTP ${refused.status}); redirects are not followed.`, {
          retryable: false,
          details: { httpStatus: refused.status },
        });
  if (err instanceof McpError) return fromMcpError(err, ctx, reason, say);

  const name = err instanceof Error ? err.name : "";
  if (name === "AbortError") return say("cancelled", "was cancelled.");
  if (name === "TimeoutError") return say("timeout", `did not answer within ${formatMs(ctx.timeoutMs)}.`);
  if (name === "UnauthorizedError")
    return say("server_unavailable", "requires authorization the gateway does not have (HTTP 401).", {
      retryable: false,
      details: { httpStatus: 401 },
    });

  const httpStatus = streamableHttpStatus(err);
  if (httpStatus !== undefined) return fromHttpStatus(httpStatus, ctx, say);

  const sysCode = systemCode(err);
  if (sysCode === "ENOENT" || sysCode === "EACCES") {
    return say(
      "server_unavailable",
      `could not be started: the command was not found or is not executable (${sysCode}).`,
      { retryable: false, details: { code: sysCode } },
    );
  }
  if (sysCode && NETWORK_CODES.has(sysCode)) {
    return say("server_unavailable", `is not reachable (${sysCode}).`, { details: { code: sysCode } });
  }
  if (err instanceof TypeError && /fetch failed/i.test(err.message))
    return say("server_unavailable", `is not reachable (${reason}).`);
  // A body that is not JSON, or JSON that is not JSON-RPC: the parser's message quotes the body, so it is not used.
  if (err instanceof SyntaxError) return say("protocol_error", "answered with something that is not JSON.");
  if (err instanceof Error && err.name === "ZodError")
    return say("protocol_error", "answered with something that is not an MCP message.");
  if (/ReadBuffer exceeded/i.test(reason))
    return say("output_too_large", `sent a message larger than the transport accepts (${reason}).`);
  if (/not connected/i.test(reason)) return say("connection_lost", "lost its connection.");
  return say("protocol_error", `failed: ${reason}`);
}

type Say = (code: ToolErrorCode, text: string, extra?: { details?: unknown; retryable?: boolean }) => ToolGatewayError;

function fromMcpError(err: McpError, ctx: ToolErrorContext, reason: string, say: Say): ToolGatewayError {
  // Before the handshake completed the server has not shown it speaks MCP: its error text is not passed on.
  if (ctx.operation === "connect" && err.code !== ErrorCode.ConnectionClosed && err.code !== ErrorCode.RequestTimeout)
    return say("server_unavailable", `answered the MCP handshake with an error (code ${err.code}).`, {
      retryable: false,
      details: { mcpCode: err.code },
    });
  switch (err.code) {
    case ErrorCode.ConnectionClosed:
      // During connect this means the server never came up (a stdio child that exited at start-up).
      if (ctx.operation === "connect")
        return say("server_unavailable", "exited or closed the connection during the MCP handshake.");
      return say("connection_lost", "closed the connection (the server exited or the link dropped).");
    case ErrorCode.RequestTimeout:
      return say("timeout", `did not answer within ${formatMs(ctx.timeoutMs)}.`);
    case ErrorCode.InvalidParams:
      if (ctx.tool && /\bnot found\b|\bunknown tool\b/i.test(reason))
        return say("unknown_tool", "is not offered by the server.");
      if (/structured content|output schema/i.test(reason))
        return say("protocol_error", `returned output that breaks its own output schema: ${reason}`);
      return say("invalid_arguments", `rejected the arguments: ${reason}`, { details: { mcpCode: err.code } });
    default:
      return say("protocol_error", `answered with an MCP error ${err.code}: ${reason}`, {
        details: { mcpCode: err.code },
      });
  }
}

function fromHttpStatus(status: number, ctx: ToolErrorContext, say: Say): ToolGatewayError {
  const details = { httpStatus: status };
  if (status === 401 || status === 403) {
    return say("server_unavailable", `refused the credentials (HTTP ${status}): check the bearer token.`, {
      retryable: false,
      details,
    });
  }
  if (status === 404 && ctx.operation !== "connect") {
    // A Streamable HTTP server answers 404 for a session it no longer knows (it restarted): start a new one.
    return say("connection_lost", "no longer knows this session (HTTP 404); it will be re-established.", { details });
  }
  if (status === 404)
    return say("server_unavailable", "has no MCP endpoint at this URL (HTTP 404).", { retryable: false, details });
  if (status >= 500 || status === 429) return say("server_unavailable", `is failing (HTTP ${status}).`, { details });
  if (status === -1) return say("protocol_error", "answered with a content type MCP does not allow.");
  return say("server_unavailable", `rejected the request (HTTP ${status}).`, { retryable: false, details });
}

/**
 * `tool_error` for a result the tool marked `isError`, or `null`. The gateway returns such results rather than
 * throwing, so a runner can tell "the tool said no" from "we could not reach it"; use this when you want it thrown.
 */
export function toolResultError(
  result: ToolCallResult,
  ctx: { server: string; tool: string },
): ToolGatewayError | null {
  if (!result.isError) return null;
  const text = truncate(result.text.trim() || "(no message)", 500);
  return gatewayError("tool_error", ctx, `reported an error: ${text}`, { details: { content: result.content } });
}

/** Returns the result, or throws its `tool_error` when the tool reported `isError`. */
export function assertToolSucceeded(result: ToolCallResult, ctx: { server: string; tool: string }): ToolCallResult {
  const error = toolResultError(result, ctx);
  if (error) throw error;
  return result;
}

/** `1.5 s`, `250 ms`. */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined) return "the time allowed";
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

/** `10.0 MB`, `512 KB`, `80 B`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

function describe(err: unknown, secrets: readonly string[] = []): string {
  const raw = err instanceof Error ? err.message : typeof err === "string" ? err : safeJson(err);
  let text = truncate(raw.replace(/^Streamable HTTP error: /, ""), 300);
  for (const secret of secrets) if (secret) text = text.split(secret).join("[redacted]");
  return text;
}

function streamableHttpStatus(err: unknown): number | undefined {
  if (!(err instanceof Error) || !/^Streamable HTTP error/.test(err.message)) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === "number" ? code : undefined;
}

/** A Node system error code, looking through fetch's `TypeError: fetch failed` wrapper. */
function systemCode(err: unknown): string | undefined {
  for (let current: unknown = err, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
