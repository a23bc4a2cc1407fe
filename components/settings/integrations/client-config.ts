// What an MCP client is given to connect: its configuration as JSON, and the command for clients that only start
// local (stdio) servers. Pure, so the page and its tests read the same text.

/** The key the server is listed under in a client's `mcpServers`. */
export const MCP_SERVER_NAME = "routine-studio";

/** Where the user puts their token; never a real one, which the page never knows. */
export const TOKEN_PLACEHOLDER = "<your API token>";

/**
 * The `mcpServers` entry for clients that speak Streamable HTTP themselves (Cursor, Claude Code and others that read
 * the Claude Desktop style of configuration), pretty-printed.
 */
export function httpClientConfig(endpoint: string): string {
  const server = { type: "http", url: endpoint, headers: { Authorization: `Bearer ${TOKEN_PLACEHOLDER}` } };
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: server } }, null, 2);
}

/**
 * The command for clients that only start local servers: mcp-remote bridges stdio to the endpoint, with the token
 * from the environment variable TOKEN (so it stays out of the configuration file and the process list).
 */
export function stdioCommand(endpoint: string): string {
  return `npx mcp-remote ${endpoint} --header "Authorization: Bearer \${TOKEN}"`;
}
