// The benchmark's instant MCP server (bench/runner/instant-mcp.ts) in a process of its own, started by
// bench:workers: the tool calls it answers then neither delay the benchmark's SSE clients (whose receive times are
// the SSE latency) nor hide in the benchmark process's CPU; cpu-usage.ts counts it as "tools".
import { startInstantMcpServer } from "../runner/instant-mcp";

const server = await startInstantMcpServer();
console.log(`instant MCP server listening on ${server.url}`);
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
