import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Viewer } from "../../access";
import { toErrorState } from "../../actions";
import { listMcpTools } from "../../db/integrations";
import { MAX_REQUEST_CHARS } from "../../memory";
import { RUN_BY_REQUEST_TOOL, RUN_RESULT_SCHEMA, runCallResult } from "../../mcp-publishing";
import { startRun } from "../../runs/operations";
import { ELICITATION_TIMEOUT_MS, followRun, resultOf } from "./follow-run";
import { pickRoutineFor } from "./run-by-request";

/** What a session's server needs from the connection: who calls now, and where the app's pages are. */
export type McpCaller = { viewer: () => Viewer; origin: string };

const INSTRUCTIONS =
  "Each tool runs one published routine of Routine Studio: a reviewed, step-by-step plan that calls the company's " +
  "tools. Pass the routine's inputs as arguments; the result is the run's outputs and a link to the run. " +
  `${RUN_BY_REQUEST_TOOL} picks the routine for a request in words when you do not know which one fits.`;

const RUN_BY_REQUEST: Tool = {
  name: RUN_BY_REQUEST_TOOL,
  title: "Run the routine that fits a request",
  description:
    "Describe what you need in a sentence; procedure memory picks the published routine that fits and runs it, " +
    "reading its inputs from the request. When no routine fits, or two fit about equally well, it says so and runs nothing.",
  inputSchema: {
    type: "object",
    properties: { request: { type: "string", description: "What you need, in words.", maxLength: MAX_REQUEST_CHARS } },
    required: ["request"],
    additionalProperties: false,
  },
  outputSchema: RUN_RESULT_SCHEMA as Tool["outputSchema"],
  annotations: {
    title: "Run by request",
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
};

const argumentsSchema = z.record(z.string(), z.unknown()).default({});
const requestArguments = z.object({ request: z.string({ error: "Give the request as text." }) }).strict();

/** A tool execution error: the calling model reads it and may correct its call (MCP 2025-11-25, "Error handling"). */
export function toolError(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** An error of the run service as a tool error, field by field where it names fields. */
function refusal(error: unknown): CallToolResult {
  const { message, fieldErrors } = toErrorState(error);
  const fields = Object.entries(fieldErrors ?? {}).map(([field, errors]) => `- ${field}: ${errors.join(" ")}`);
  return toolError([`Nothing was started. ${message}`, ...fields].join("\n"));
}

/** The W3C trace context a call came with: `_meta.traceparent` (MCP's convention), else the HTTP header. */
function traceparentOf(meta: Record<string, unknown> | undefined, headers: Record<string, unknown> | undefined) {
  const value = meta?.traceparent ?? headers?.traceparent;
  return typeof value === "string" ? value : undefined;
}

/**
 * An MCP server for one session: `tools/list` answers the published routines the caller may run (listMcpTools) plus
 * run_by_request; `tools/call` starts a run of the published version through startRun (the same checks as the run
 * page and POST /api/runs), then follows it (follow-run.ts) and answers the run.
 */
export function createRoutineServer(caller: McpCaller): Server {
  const server = new Server(
    { name: "routine-studio", title: "Routine Studio", version: "1.0.0" },
    { capabilities: { tools: { listChanged: true }, logging: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const exposed = await listMcpTools(caller.viewer());
    return { tools: [...exposed.map((entry) => entry.tool as Tool), RUN_BY_REQUEST] };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    const parsedArguments = argumentsSchema.safeParse(request.params.arguments);
    if (!parsedArguments.success) return toolError("Nothing was started. The arguments must be an object.");
    let target: { routineId: string; inputs: Record<string, unknown>; request?: string; note?: string };
    if (name === RUN_BY_REQUEST_TOOL) {
      const args = requestArguments.safeParse(parsedArguments.data);
      if (!args.success) return toolError('Nothing was started. Send only "request": what you need, in words.');
      const picked = await pickRoutineFor(caller.viewer(), args.data.request);
      if (!picked.ok) return picked.result;
      // Hidden from MCP means hidden from every way in over MCP, the request tool included.
      if (!(await listMcpTools(caller.viewer())).some((entry) => entry.routineId === picked.routineId))
        return toolError(`Nothing was started. ${picked.note.replace(/\.$/, "")}, which is not offered over MCP.`);
      target = { routineId: picked.routineId, inputs: {}, request: picked.request, note: picked.note };
    } else {
      const exposed = (await listMcpTools(caller.viewer())).find((entry) => entry.toolName === name);
      if (!exposed)
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown tool: ${name}. It is not a published routine you may run; list the tools again.`,
        );
      target = { routineId: exposed.routineId, inputs: parsedArguments.data };
    }

    let runId: string;
    try {
      ({ runId } = await startRun(caller.viewer(), {
        ...target,
        source: "mcp",
        traceparent: traceparentOf(request.params._meta, extra.requestInfo?.headers),
      }));
    } catch (error) {
      const refused = refusal(error);
      if (target.note) refused.content.unshift({ type: "text", text: target.note });
      return refused;
    }
    const link = `${caller.origin}/runs/${encodeURIComponent(runId)}`;
    const progressToken = request.params._meta?.progressToken;
    const canElicit = Boolean(server.getClientCapabilities()?.elicitation);
    const run = await followRun({
      viewer: caller.viewer,
      runId,
      link,
      signal: extra.signal,
      progress:
        progressToken === undefined
          ? undefined
          : (progress, message) =>
              extra.sendNotification({
                method: "notifications/progress",
                params: { progressToken, progress, message },
              }),
      elicit: canElicit
        ? (elicitation) =>
            server.elicitInput(
              { mode: "form", ...elicitation },
              { relatedRequestId: extra.requestId, signal: extra.signal, timeout: ELICITATION_TIMEOUT_MS },
            )
        : undefined,
    });
    const result = runCallResult(resultOf(run, link));
    if (target.note) result.content.unshift({ type: "text", text: target.note });
    return result;
  });

  return server;
}
