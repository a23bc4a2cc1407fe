// The MCP server of published routines (/api/mcp): sessions, tools, runs followed as progress.
import "server-only";
export { handleMcpRequest, MAX_MCP_REQUEST_BYTES } from "./endpoint";
export { checkSessions, closeAllSessions, sessionCount } from "./sessions";
