// The attribute names our spans carry. The GenAI names follow OpenTelemetry's GenAI semantic conventions (development
// status, checked against the conventions' own repository, 2026-11); they are spelled out here instead of imported
// from @opentelemetry/semantic-conventions, whose GenAI constants are deprecated there since the conventions moved to a
// repository of their own. Our own facts about a run go under `routine_studio.*`.

/** `gen_ai.*` attribute names (GenAI semantic conventions). */
export const GEN_AI = {
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  requestModel: "gen_ai.request.model",
  requestMaxTokens: "gen_ai.request.max_tokens",
  responseModel: "gen_ai.response.model",
  responseFinishReasons: "gen_ai.response.finish_reasons",
  usageInputTokens: "gen_ai.usage.input_tokens",
  usageOutputTokens: "gen_ai.usage.output_tokens",
  conversationId: "gen_ai.conversation.id",
  agentName: "gen_ai.agent.name",
  workflowName: "gen_ai.workflow.name",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  toolType: "gen_ai.tool.type",
  toolCallArguments: "gen_ai.tool.call.arguments",
  toolCallResult: "gen_ai.tool.call.result",
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
} as const;

/** `gen_ai.operation.name` values, each a span's first word. */
export const GEN_AI_OPERATION = {
  invokeWorkflow: "invoke_workflow",
  invokeAgent: "invoke_agent",
  executeTool: "execute_tool",
  chat: "chat",
} as const;

/**
 * The provider our model calls go to: every endpoint speaks OpenAI's API (lib/llm/client), which the conventions name
 * `openai` whoever hosts it; the request and response models say which model answered.
 */
export const GEN_AI_PROVIDER_OPENAI = "openai";

/**
 * `gen_ai.tool.type` of a routine's tools: MCP tools our worker calls on servers an admin registered, which the
 * conventions call an extension (executed on the agent's side, calling an external system).
 */
export const GEN_AI_TOOL_TYPE_EXTENSION = "extension";

/** The general conventions' error class (`error.type`), set on a span that ended in an error. */
export const ERROR_TYPE = "error.type";

/** Our own attributes: which run, routine version and step a span belongs to. */
export const ROUTINE_STUDIO = {
  runId: "routine_studio.run.id",
  runMode: "routine_studio.run.mode",
  runSource: "routine_studio.run.source",
  /** The run's status when this worker's part of it ended (running: another worker goes on with it). */
  runStatus: "routine_studio.run.status",
  parentRunId: "routine_studio.run.parent_id",
  routineId: "routine_studio.routine.id",
  routineVersion: "routine_studio.routine.version",
  stepId: "routine_studio.step.id",
  stepRunId: "routine_studio.step_run.id",
  /** What the call left its step run as: succeeded, or failed (a retried call's step may still succeed later). */
  stepState: "routine_studio.step.state",
  toolServer: "routine_studio.tool.server",
  /** Where a tool's answer came from: live, pinned (a test case's output) or simulated (the evaluation sandbox). */
  toolOrigin: "routine_studio.tool.origin",
  /** What a model call was for (planner.turn, runner.tool_step, …), as recorded with its usage. */
  purpose: "routine_studio.llm.purpose",
} as const;
