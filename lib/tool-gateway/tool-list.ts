import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { gatewayError } from "./errors";
import type { GatewayTool, JsonObjectSchema } from "./types";
import { schemaProblem } from "./validate-arguments";

// The SDK's own `listTools()` parses every tool strictly, so one tool with a broken schema would fail the whole
// listing. We read the page loosely and check each tool on its own, keeping broken ones listed but marked.
const LoosePage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** Guards against a server that hands out cursors forever. */
const MAX_PAGES = 100;

/** Every tool the server lists, following `nextCursor` pagination. */
export async function fetchAllTools(client: Client, server: string, options: RequestOptions): Promise<GatewayTool[]> {
  const tools = new Map<string, GatewayTool>();
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, LoosePage, options);
    for (const raw of result.tools) {
      const tool = toGatewayTool(raw, server);
      // First definition wins: a duplicate name is the server's bug, and calls go by name.
      if (tool && !tools.has(tool.name)) tools.set(tool.name, tool);
    }
    cursor = result.nextCursor;
    if (!cursor) return [...tools.values()];
    if (seenCursors.has(cursor)) break;
    seenCursors.add(cursor);
  }
  throw gatewayError(
    "protocol_error",
    { server },
    `kept paginating its tool list (over ${MAX_PAGES} pages or a repeated cursor).`,
  );
}

/** One listed tool in gateway shape, or `null` when it has not even a name to show. */
export function toGatewayTool(raw: unknown, server: string): GatewayTool | null {
  if (raw === null || typeof raw !== "object") return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.name !== "string" || record.name === "") return null;

  const parsed = ToolSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      server,
      name: record.name,
      description: typeof record.description === "string" ? record.description : "",
      inputSchema: isObject(record.inputSchema) ? (record.inputSchema as JsonObjectSchema) : {},
      schemaError: `tool definition breaks the MCP schema at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
    };
  }

  const tool = parsed.data;
  const result: GatewayTool = {
    server,
    name: tool.name,
    description: tool.description ?? "",
    inputSchema: tool.inputSchema as JsonObjectSchema,
  };
  if (tool.title) result.title = tool.title;
  if (tool.outputSchema) result.outputSchema = tool.outputSchema as JsonObjectSchema;
  if (tool.annotations) result.annotations = tool.annotations;
  const problem = schemaProblem(result);
  if (problem) result.schemaError = problem;
  return result;
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
