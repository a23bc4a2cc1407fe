// Published routines as MCP tools: their names, argument and result schemas, hints, and what a call answers.
// Pure: the endpoint (lib/api/mcp) reads the routines and runs them.
export { exposeRoutines, type ExposedRoutine, type McpToolDefinition, type PublishedRoutineFacts } from "./exposure";
export { inputSchemaOf, type ObjectSchema } from "./input-schema";
export {
  answerText,
  progressMessage,
  RUN_RESULT_SCHEMA,
  runCallResult,
  type RunResult,
  type WaitingFor,
} from "./run-result";
export { baseToolName, isValidToolName, RUN_BY_REQUEST_TOOL, shortDigest, toolNamesFor } from "./tool-names";
