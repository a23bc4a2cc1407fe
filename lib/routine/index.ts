// The Routine model's public surface: import lib/routine through this file. Test helpers live in ./testing/.
export * from "./schema";
export { toolAllowlist } from "./tool-allowlist";
export * from "./catalog";
export { parseRoutineText, MAX_TEXT_LENGTH, type ParseOptions, type ParseResult, type TextIssue } from "./text-parse";
export { renderRoutineText } from "./text-render";
export { carryActors } from "./actors";
export { exportRoutineJson, importRoutineJson, MAX_JSON_LENGTH, type ImportResult } from "./json";
export { formatPath, migrateRoutine, type MigrateResult, type RoutineIssue } from "./migrate";
export * from "./validate";
export {
  applyToolSuggestion,
  bindToolInputs,
  editDistance,
  matchParameter,
  phraseWords,
  suggestTools,
} from "./tool-suggestions";
export { renderRoutinePrompt, routinePromptLabels, type RoutinePromptVariant } from "./text-prompt";
export {
  checkFixedArguments,
  fixedArguments,
  fixedArgumentSource,
  leavesArgumentsToModel,
  sameJson,
  type FixedArgument,
} from "./fixed-arguments";
export * from "./kinds";
