// How the app meets other software: which published routines the MCP endpoint offers, and an admin's hiding of some.
import "server-only";
export {
  getMcpExposure,
  listMcpTools,
  MCP_HIDDEN_ROUTINES_KEY,
  mcpCatalogFingerprint,
  setRoutineMcpHidden,
} from "./mcp-routines";
