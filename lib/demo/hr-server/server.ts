import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { IDEMPOTENT_REPLAY_META_KEY, callHrTool, listHrTools } from "./tools";
import { createHrStore, type HrStore } from "./store";
import { withLatency, type ToolLatency } from "./latency";

export const DEMO_HR_SERVER_INFO = {
  name: "routine-studio-demo-hr",
  title: "Routine Studio demo HR server",
  version: "1.0.0",
};

const INSTRUCTIONS = [
  "A demo HR system over a fixed, seeded data set of about 300 employees (IDs E1000–E1299) in 12 departments (IDs like D-ENG).",
  `"Today" is 2025-06-16 for every tool. Side-effect tools (apply_leave, approve_leave, cancel_leave, enroll_training,`,
  `update_employee_contact, send_email_notification) change in-memory state only; email is recorded, never sent.`,
  `Give an idempotency key in the request _meta under "io.routine-studio/idempotency-key" to make a side effect happen once.`,
].join(" ");

/**
 * Builds an MCP server for the demo HR tools over `store` (a fresh seeded store by default). It serves the tool
 * schemas of DEMO_HR_TOOLS as they are, answers bad arguments and business-rule failures as tool results with
 * `isError: true`, and unknown tool names as a protocol error (invalid params), as the MCP specification asks.
 * One Server serves one connection; share a store between servers to share state. With a `latency`, every call
 * answers late (see ToolLatency): share one latency between servers to share its seeded sequence.
 */
export function createDemoHrServer(store: HrStore = createHrStore(), latency?: ToolLatency | null): Server {
  const server = new Server(DEMO_HR_SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, logging: {} },
    instructions: INSTRUCTIONS,
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listHrTools() }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args, _meta: meta } = request.params;
    let outcome: ReturnType<typeof callHrTool>;
    try {
      outcome = await withLatency(latency, () => callHrTool(store, name, args, meta));
    } catch (error) {
      // A bug in a handler: still a tool result, so the caller sees which tool failed, but logged for us.
      console.error(`demo HR tool ${name} failed:`, error);
      return {
        isError: true,
        content: [
          {
            type: "text",
            text: `Internal error in ${name}: ${error instanceof Error ? error.message : String(error)}`,
          },
        ],
      };
    }
    // A plain error with a code: McpError would prefix its own "MCP error -32602:" to the message on the wire.
    if (outcome.kind === "unknown-tool")
      throw Object.assign(new Error(outcome.message), { code: ErrorCode.InvalidParams });
    if (outcome.kind === "tool-error") return { isError: true, content: [{ type: "text", text: outcome.message }] };
    if (outcome.replayed) {
      await server.sendLoggingMessage(
        { level: "info", logger: "hr", data: `${name}: repeated idempotency key, answered with the first result` },
        extra.sessionId,
      );
    }
    return {
      content: [{ type: "text", text: JSON.stringify(outcome.result, null, 2) }],
      ...(outcome.structured ? { structuredContent: outcome.result } : {}),
      ...(outcome.replayed ? { _meta: { [IDEMPOTENT_REPLAY_META_KEY]: true } } : {}),
    };
  });

  return server;
}
