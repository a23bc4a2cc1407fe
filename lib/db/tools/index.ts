// The tool registry: MCP servers, their tool snapshots, the catalog the designer reads, content hashes for pins.
import "server-only";
export { getToolServer, registryToolCatalog, tryTool } from "./tool-catalog";
export type { ToolView } from "./tool-catalog";
export { readCatalogSideEffects, readToolCallPolicy, setToolSideEffects } from "./tool-policies";
export type { ToolCallPolicy } from "./tool-policies";
export { readCatalogTools, readCurrentToolHashes, readDefinition } from "./tool-hashes";
export { toGatewayConfig } from "./tool-server-records";
export {
  createToolServer,
  listAllowedStdioCommands,
  listToolServers,
  refreshToolServer,
  removeToolServer,
  setToolServerEnabled,
  updateToolServer,
} from "./tool-servers";
export type { AllowedStdioCommand, DroppedSecret, ToolServerSummary } from "./tool-servers";
export { toolFilesFolder } from "./tool-files";
export { refreshServerTools } from "./tool-snapshots";
export type { RefreshOutcome } from "./tool-snapshots";
export { toolDefinitionHash } from "./definition-hash";
