// The planner: an expert's draft (free text, paper text, or the canvas) → a full routine, validated and repaired.
// Server-side (it pulls in node:crypto and the tokenizer); the browser imports lib/planner/contract.
export { DEFAULT_PLANNER_BUDGET } from "./budget";
export * from "./contract";
export { isPlannerError, PLANNER_ERROR_CODES, PlannerError, type PlannerErrorCode } from "./errors";
export { optimizeDraft, type OptimizeDraftOptions } from "./optimize-draft";
export {
  PLANNER_RESPONSE_FORMAT,
  PLANNER_RESPONSE_SCHEMA,
  plannerOutputSchema,
  type PlannerOutput,
} from "./output-schema";
export { parsePlannerAnswer, type AnswerProblem, type ParsedAnswer } from "./parse";
export { buildPlannerMessages, buildRepairMessages, draftText, promptHash, type DraftText } from "./prompt";
export {
  startOptimization,
  type OptimizationDeps,
  type OptimizationStart,
  type WorkingVersion,
} from "./run-optimization";
export { countPromptTokens, createTokenCounter, type TokenCounter } from "../llm";
export { formatToolList } from "./tool-list";
export type {
  OptimizeResult,
  PlannerBudget,
  PlannerDraft,
  PlannerModel,
  PlannerProgress,
  PlannerRationale,
} from "./types";
export {
  branchLabels,
  MAX_PROPOSED_CASES,
  PROPOSE_CASES_RESPONSE_FORMAT,
  proposeCases,
  type DroppedProposal,
  type ProposeCasesOptions,
  type ProposedCases,
} from "./propose-cases";
