// Model contracts shared by server and browser: roles, the settings schema, errors, message types, prices and the o200k
// token counter. The client itself (server only) is lib/llm/client.
export { isLlmError, LLM_ERROR_CODES, LlmError, LlmNotConfiguredError } from "./errors";
export type { LlmErrorCode } from "./errors";
export { LLM_ROLE_LABELS, LLM_ROLES, modelEnvVar } from "./roles";
export type { LlmRole } from "./roles";
export {
  baseUrlSchema,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  defaultRoleSettings,
  llmSettingsInputSchema,
  llmSettingsSchema,
  MAX_RETRIES_LIMIT,
  MAX_TIMEOUT_MS,
  MIN_TIMEOUT_MS,
  roleSettingsSchema,
} from "./settings-schema";
export type { LlmSettings, LlmSettingsInput, RoleSettings } from "./settings-schema";
export { countPromptTokens, countToolTokens, createTokenCounter, estimateTokens, fitsTokens } from "./tokens";
export type { TokenCounter } from "./tokens";
export type {
  CallOptions,
  ChatMessage,
  ChatRequest,
  ChatResult,
  LlmCallContext,
  LlmCallRecord,
  LlmClient,
  LlmClientConfig,
  LlmClientDeps,
  PingResult,
  TokenUsage,
  ToolCall,
  ToolChoice,
  ToolSpec,
} from "./types";
export { abortableSleep } from "./backoff";
export { estimateCost, modelPriceTable, priceOf } from "./pricing";
export type { ModelPrice } from "./pricing";
