import type { ToolDefinition } from "../routine";

/** Where the designer and the planner get the tools they may use: the demo catalog now, MCP servers later. */
export interface ToolCatalog {
  listTools(): Promise<ToolDefinition[]>;
}

/** The tools of one server, as the designer palette shows them. */
export type ToolGroup = { server: string; tools: ToolDefinition[] };

const byName = (a: string, b: string) => a.localeCompare(b, "en");

/** Groups tools by server; servers and the tools within each are sorted by name. */
export function groupByServer(tools: readonly ToolDefinition[]): ToolGroup[] {
  const groups = new Map<string, ToolDefinition[]>();
  for (const tool of tools) {
    const group = groups.get(tool.server);
    if (group) group.push(tool);
    else groups.set(tool.server, [tool]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([server, members]) => ({ server, tools: [...members].sort((a, b) => byName(a.name, b.name)) }));
}

/**
 * The tools matching every word of `query`, case-insensitively, in their name or description; underscores
 * count as spaces, so "leave balance" finds get_leave_balance. Tools matching by name come first;
 * otherwise the given order is kept. An empty query returns all tools.
 */
export function searchTools(tools: readonly ToolDefinition[], query: string): ToolDefinition[] {
  const words = normalize(query).split(" ").filter(Boolean);
  if (words.length === 0) return [...tools];
  const byNameMatches: ToolDefinition[] = [];
  const byDescription: ToolDefinition[] = [];
  for (const tool of tools) {
    const name = normalize(tool.name);
    const text = `${name} ${normalize(tool.description)}`;
    if (words.every((word) => name.includes(word))) byNameMatches.push(tool);
    else if (words.every((word) => text.includes(word))) byDescription.push(tool);
  }
  return [...byNameMatches, ...byDescription];
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_\s]+/g, " ")
    .trim();
}
