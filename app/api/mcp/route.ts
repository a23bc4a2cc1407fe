import { handleMcpRequest } from "@/lib/api/mcp";

// The MCP server of published routines (Streamable HTTP): POST for messages, GET for the server's stream, DELETE to
// end a session. Each request authenticates itself (lib/api/mcp/endpoint.ts).
export const dynamic = "force-dynamic";

export const GET = (request: Request) => handleMcpRequest(request);
export const POST = (request: Request) => handleMcpRequest(request);
export const DELETE = (request: Request) => handleMcpRequest(request);
