// The run engine's public surface: the engine, its ports, the pure pieces the server and the UI reuse, and the
// in-memory fakes a benchmark runs it with.
export { createRunEngine } from "./engine";
export type { RunEngine, RunEngineDeps, RunEngineOptions } from "./engine-types";
export * from "./ports";
export { systemClock } from "./clock";
export { BudgetExceededError, DEFAULT_BUDGETS, type BudgetName } from "./budgets";
export { operatorDecision, OperatorDecisionError, type OperatorDecision } from "./operator";
export { derivePosition, type BranchChoice, type Position } from "./position";
export { completionOf, progressEvent, progressItems, renderProgress, type ProgressItem } from "./progress";
export { buildExecutorContext, type ExecutorContext, type ExecutorContextInput } from "./context";
export { createTokenCounter, estimateTokens, type TokenCounter } from "../llm";
export { DEFAULT_VARIABLE_THRESHOLD_BYTES, isVariableStub, type VariableStub } from "./variables";
export { evaluateCondition, ExpressionError, parseExpression, type ExpressionScope } from "./expression";
export { STEP_HANDLERS } from "./handlers/registry";
export type { StepContext, StepHandler, StepOutcome } from "./handlers/types";
export * from "./testing";
export { errorMessage } from "./errors";
export { executionPlanSchema, readExecutionPlan, WORKFLOW_PLAN, type ExecutionPlan } from "./execution-plan";
export { emptyPlannedRoutine, PLANNED_RUN_NAME } from "../planned-run";
export { AGENT_CALL_PREFIX, isAgentCallStepId } from "./agent-mapping";
export { runPlanned, NO_ACTORS, type PlannedDriver } from "./planned/planned-session";
export { applyPlannerAnswer, type PlanOutcome } from "./planned/plan-rules";
export { plannerAnswerSchema, PLANNED_RESPONSE_FORMAT, type PlannerAnswer } from "./planned/planner-answer";
export { isIsoDate, isTimeZone, systemTimeZone, todayLine, type RunCalendar } from "./calendar";
export { indexRoutine, type RoutineIndex } from "./routine-graph";
export { lastStepRun } from "./position";
export { isFinishMark, operatorSkipOf, operatorSkipOutput, type OperatorSkip } from "./stage-skips";
export { currentStep, findStage, stageEntryStep, stageSteps } from "./stage-graph";
export { planStageCancel, stageCancelProblem, type StageCancel, type StageCancelPlan } from "./stage-cancel";
export { holdOn, holdsAfterResume } from "./stage-holds";
export { MAX_INTERVENTION_REASON, type StageCancelRequest, type StageHold } from "./stage-requests";
export {
  CONTEXT_LIMITS,
  CONTEXT_MODE_LABELS,
  CONTEXT_MODES,
  contextSettingsSchema,
  DEFAULT_CONTEXT_SETTINGS,
  type ContextMode,
  type ContextSettings,
} from "../context-modes";
