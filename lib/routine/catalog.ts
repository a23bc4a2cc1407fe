import type { ToolRef } from "./schema";

/** A tool as the routine model needs to know it: enough to validate bindings and pre-fill a step. */
export type ToolDefinition = {
  server: string;
  name: string;
  description: string;
  /** The tool's input JSON Schema (an object schema with `properties` and `required`). */
  inputSchema: {
    type?: string;
    properties?: Record<string, { type?: string | string[]; description?: string }>;
    required?: string[];
  };
};

/**
 * What validation and the designer ask of a tool catalog. lib/tools provides the real one (#4);
 * lib/routine only depends on this shape.
 */
export interface ToolLookup {
  getTool(ref: ToolRef): ToolDefinition | undefined;
  /** Every tool, when the catalog can list them: validation then suggests tools for an unknown one. */
  listTools?(): readonly ToolDefinition[];
}

/** A lookup over a fixed list, for tests and for the built-in demo catalog. */
export function lookupFromList(tools: readonly ToolDefinition[]): ToolLookup {
  const byKey = new Map(tools.map((tool) => [`${tool.server}/${tool.name}`, tool]));
  return { getTool: (ref) => byKey.get(`${ref.server}/${ref.name}`), listTools: () => tools };
}
