import { callHrTool, createHrStore, listHrTools } from "../../lib/demo/hr-server";
import type { JsonValue, ToolDefinition } from "../../lib/routine";
import type { ToolPort } from "../../lib/runs/engine";

/**
 * The demo HR tools in-process: the same catalog and handlers the demo MCP server serves, with one fresh store per
 * port (so every context mode sees the same data), and no network, since this benchmark counts tokens, not time.
 */
export function hrToolPort(): ToolPort {
  const store = createHrStore();
  const definitions: ToolDefinition[] = listHrTools().map((tool) => ({
    server: "hr",
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
  return {
    describe: async (tools) => definitions.filter((definition) => tools.some((tool) => tool.name === definition.name)),
    checkArguments: async () => [],
    catalog: async () => definitions,
    async call(tool, args, options) {
      const outcome = callHrTool(store, tool.name, args, {
        "io.routine-studio/idempotency-key": options.idempotencyKey,
      });
      if (outcome.kind === "result")
        return { ok: true, value: outcome.result as JsonValue, text: JSON.stringify(outcome.result) };
      return { ok: false, error: outcome.message, retryable: false };
    },
  };
}
