import type { ContentBlock, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

/** How to reach one MCP server. The bearer token arrives decrypted; it is never logged nor put in an error. */
export type ToolServerConfig = {
  id: string;
  name: string;
  transport: StdioTransportConfig | HttpTransportConfig;
};

export type StdioTransportConfig = {
  kind: "stdio";
  command: string;
  args: string[];
  env?: Record<string, string>;
  /**
   * Where the child starts. Left unset (as the registry always does), it starts in a fresh empty folder that is
   * removed when it exits; tests set it to start fixtures from the project folder.
   */
  cwd?: string;
};

export type HttpTransportConfig = { kind: "http"; url: string; bearerToken?: string };

/** One property of an object schema, as far as the routine model reads it; the rest passes through untouched. */
export type JsonSchemaProperty = { type?: string | string[]; description?: string; [keyword: string]: unknown };

/** A tool's input (or output) JSON Schema as the server sent it. */
export type JsonObjectSchema = {
  type?: string;
  properties?: Record<string, JsonSchemaProperty>;
  required?: string[];
  [keyword: string]: unknown;
};

/**
 * A tool as one server lists it. Assignable to `ToolDefinition` (lib/routine/catalog.ts).
 * Every string here is the server's data: shown to people, never acted upon by the app.
 */
export type GatewayTool = {
  /** The server's display name (`ToolServerConfig.name`). */
  server: string;
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonObjectSchema;
  outputSchema?: JsonObjectSchema;
  annotations?: ToolAnnotations;
  /**
   * Set when the input or output schema is not valid JSON Schema. The tool stays listed so the UI can say why,
   * but calling it fails with `invalid_schema`.
   */
  schemaError?: string;
};

/** One item of a tool result (text, image, audio, resource link, embedded resource), as the MCP spec defines it. */
export type ContentItem = ContentBlock;

/**
 * A tool's answer. `isError: true` means the tool ran and said no (MCP's tool-level error); transport, protocol
 * and validation failures are thrown as `ToolGatewayError` instead. See `toolResultError()` to turn one into the other.
 */
export type ToolCallResult = {
  content: ContentItem[];
  structuredContent?: unknown;
  /** The text items joined by newlines, for display. */
  text: string;
  isError: boolean;
  durationMs: number;
  /** Size of the result as JSON (content + structuredContent), in bytes. */
  bytes: number;
};

export type CallToolOptions = {
  /** Whole-call budget, connecting included. Default: the gateway's `defaultTimeoutMs` (30 s). */
  timeoutMs?: number;
  /** Aborting sends MCP `notifications/cancelled` and rejects with `cancelled`. */
  signal?: AbortSignal;
  /** Sent as `_meta["io.routine-studio/idempotency-key"]` so a server can deduplicate a retried step. */
  idempotencyKey?: string;
  /** Results larger than this are dropped and reported as `output_too_large`. Default 1 MB. */
  maxOutputBytes?: number;
};

export type RequestBudget = { timeoutMs?: number; signal?: AbortSignal };

export type ToolGatewayOptions = {
  /** Default per-call timeout. 30 s. */
  defaultTimeoutMs?: number;
  /** Budget for spawning/reaching a server and the MCP initialize handshake. 10 s. */
  connectTimeoutMs?: number;
  /** Default result size limit. 1 MB. */
  maxOutputBytes?: number;
  /** Reconnect backoff after a lost connection or failed connect: first delay and cap. 250 ms → 5 s. */
  backoff?: { initialMs: number; maxMs: number };
  /** Called when a server announces `notifications/tools/list_changed` (the cached list is already dropped). */
  onToolListChanged?: (serverId: string) => void;
};

/** The app's single entry to MCP tools. Connections are per server and reused across calls. */
export interface ToolGateway {
  listTools(config: ToolServerConfig, options?: RequestBudget): Promise<GatewayTool[]>;
  callTool(
    config: ToolServerConfig,
    toolName: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<ToolCallResult>;
  /** Round-trip time of an MCP `ping`, connecting first if needed. */
  ping(config: ToolServerConfig, options?: RequestBudget): Promise<{ durationMs: number }>;
  /** Drops the server's connection (the next use reconnects) — e.g. after its registry entry changed. */
  invalidate(serverId: string): Promise<void>;
  /** Closes every connection and stops every stdio child. */
  close(): Promise<void>;
  /** Whether a server's session is up, and its stdio child's pid; `null` for a server not used yet. */
  status(serverId: string): ConnectionStatus | null;
}

export type ConnectionStatus = { connected: boolean; pid: number | null };

/** The idempotency key's place in a `tools/call` request's `_meta`. */
export const IDEMPOTENCY_META_KEY = "io.routine-studio/idempotency-key";
