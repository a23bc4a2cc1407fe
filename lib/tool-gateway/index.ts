// The tool gateway's public surface: MCP clients over stdio and Streamable HTTP, one shared per process. Server only:
// the modules behind it spawn processes and open sockets. Scripts under plain Node (the MCP conformance client) load
// it with scripts/lib/server-only.mjs.
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
export { sharedToolGateway } from "./shared-gateway";
