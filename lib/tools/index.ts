export { groupByServer, searchTools, type ToolCatalog, type ToolGroup } from "./catalog";
export { pinToolHashes, readToolPins, toolChanges, toolKey, type ToolPins } from "./pins";
export type { ToolChange } from "./pins";
export { argumentsFromForm, schemaFields } from "./schema-fields";
export type { SchemaField } from "./schema-fields";
export { parseEnvField, splitArgsField, toolServerInput } from "./server-input";
export type { ToolServerInput } from "./server-input";
export { canonicalJson, pinnedDefinition } from "./snapshot-hash";
export type { ToolSnapshotDefinition } from "./snapshot-hash";
export {
  configuredStdioAllowlist,
  DEFAULT_STDIO_ALLOWLIST,
  describeEntry,
  parseStdioAllowlist,
  stdioSpawnWords,
} from "./stdio-allowlist";
export type { EntryMatch, StdioAllowlistEntry, TrailingArgs } from "./stdio-allowlist";
export { checkStdioServer, describeEntryPermits, describeRefusals } from "./stdio-check";
export type { StdioCheck, StdioField, StdioPolicy, StdioServerSpec } from "./stdio-check";
export { forbiddenEnvMessage, isForbiddenEnvName } from "./stdio-env";
export {
  declaresReadOnly,
  readOnlyHintOf,
  readSideEffectsOverride,
  SIDE_EFFECTS,
  sideEffectsLabel,
  sideEffectsReason,
  toolSideEffects,
} from "./side-effects";
export type { SideEffects, SideEffectsBasis, ToolSideEffects } from "./side-effects";
export { simulatedNote, simulatedToolAnswer } from "./simulated-answer";
export type { SimulatedAnswer } from "./simulated-answer";
