// Model settings (sealed key), one client per role, and the record of every model call.
import "server-only";
export { listLlmUsage, recordLlmCall } from "./llm-calls";
export type { LlmCallView, LlmRoleTotals } from "./llm-calls";
export { configuredLlmClient, llmClientFor, testLlmConnection } from "./llm-clients";
export type { LlmCallLimits } from "./llm-clients";
export { getLlmSettingsView, resolveLlmConfig, updateLlmSettings } from "./llm-settings";
export type { LlmSettingsView } from "./llm-settings";
export {
  DEFAULT_EXCHANGE_RETENTION_DAYS,
  getExchangeRetention,
  MAX_EXCHANGE_RETENTION_DAYS,
  updateExchangeRetention,
} from "./llm-exchange-retention";
export type { ExchangeRetentionView } from "./llm-exchange-retention";
export { listModelExchanges, MAX_EXCHANGE_BYTES } from "./llm-exchanges";
export type { ClipNote, ModelExchangeView } from "./llm-exchanges";
