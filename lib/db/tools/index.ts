// The tool registry: MCP servers, their tool snapshots, the catalog the designer reads, content hashes for pins.
import "server-only";
export { getToolServer, registryToolCatalog, tryTool } from "./tool-catalog";
export { readCatalogTools, readCurrentToolHashes, readDefinition } from "./tool-hashes";
export { toGatewayConfig } from "./tool-server-records";
export {
  createToolServer,
  listToolServers,
  refreshToolServer,
  removeToolServer,
  setToolServerEnabled,
  updateToolServer,
} from "./tool-servers";
export type { ToolServerSummary } from "./tool-servers";
export { refreshServerTools } from "./tool-snapshots";
export type { RefreshOutcome } from "./tool-snapshots";
