// The gateway's public surface. `server-only` lives here and only here: the modules behind it spawn processes and
// open sockets, so app code must reach them through this index, while the MCP conformance client
// (scripts/mcp-conformance-client.ts) runs under plain Node, where `server-only` throws, and imports ./gateway
// directly. Pure modules (types, errors, validation) need no guard at all.
import "server-only";

export { createToolGateway, DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_TIMEOUT_MS } from "./gateway";
export { DEFAULT_BACKOFF, computeBackoffMs, type BackoffPolicy } from "./backoff";
export {
  ToolGatewayError,
  assertToolSucceeded,
  normalizeToolError,
  toolResultError,
  type ToolErrorCode,
  type ToolErrorContext,
} from "./errors";
export { configKey } from "./hash";
export type { SchemaIssue } from "./schema-compiler";
export { argumentIssues, assertValidArguments, schemaProblem } from "./validate-arguments";
export {
  IDEMPOTENCY_META_KEY,
  type CallToolOptions,
  type ConnectionStatus,
  type ContentItem,
  type GatewayTool,
  type HttpTransportConfig,
  type JsonObjectSchema,
  type RequestBudget,
  type StdioTransportConfig,
  type ToolCallResult,
  type ToolGateway,
  type ToolGatewayOptions,
  type ToolServerConfig,
} from "./types";
