// Model settings (sealed key), one client per role, and the record of every model call.
import "server-only";
export { listLlmUsage } from "./llm-calls";
export type { LlmCallView, LlmRoleTotals } from "./llm-calls";
export { llmClientFor, testLlmConnection } from "./llm-clients";
export { getLlmSettingsView, resolveLlmConfig, updateLlmSettings } from "./llm-settings";
export type { LlmSettingsView } from "./llm-settings";
