/** What of a tool a snapshot pins: everything that changes how it must be called or what it returns. */
export type ToolSnapshotDefinition = {
  title?: string;
  description: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  /** Why the input or output schema is not valid JSON Schema, when it is not (not hashed: it follows the schema). */
  schemaError?: string;
};

/**
 * JSON with object keys sorted at every level, so the same definition always hashes the same however a server
 * happens to order its keys. Arrays keep their order (it is meaningful: `required`, `enum`, `anyOf`).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]));
  }
  return value;
}

/**
 * The fields of a tool definition that its content hash covers (lib/db/tools/definition-hash.ts): only the pinned
 * ones, so a server adding an unrelated field (icons, `_meta`) does not flag every routine that uses the tool. The
 * hash itself is computed on the server: node:crypto must not reach the browser bundles that import this module.
 */
export function pinnedDefinition(tool: ToolSnapshotDefinition): ToolSnapshotDefinition {
  return {
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: tool.annotations,
  };
}
