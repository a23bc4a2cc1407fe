// Routine accuracy, pure: the test-case contract, the BFCL-style checker, metrics, JSONL formats and the
// fine-tuning exports. No I/O: lib/db and the eval service feed it runs and cases.
export * from "./case-schema";
export { CASE_JSONL_LIMITS, casesToJsonl, parseCasesJsonl, type JsonlError, type ParsedCases } from "./case-jsonl";
export { caseFromRun, type CaseFromRunInput } from "./case-from-run";
export { caseToolProblems } from "./case-tools";
export { callGroupBranchProblems } from "./case-group-branches";
export { normalizeString, valuesMatch } from "./normalize";
export {
  checkCall,
  errorKindOf,
  ERROR_KIND_LABELS,
  ERROR_KINDS,
  ERROR_SUB_KINDS,
  type CallCheck,
  type CaseError,
  type ErrorKind,
  type ErrorSubKind,
  type ToolSchemas,
} from "./check-call";
export { checkCase, readStoredVerdict, type CaseVerdict } from "./check-case";
export { suiteComparisons, type Comparison } from "./comparisons";
export { applyStrictOutcome, caseOutcome, outcomeText, type CaseOutcome } from "./outcome";
export { scoreResults, type ConfigurationScore, type ResultStatus } from "./metrics";
export {
  formatPoints,
  signedPoints,
  pairedLift,
  passAtK,
  trialOutcomeOf,
  type Lift,
  type LiftMethod,
  type PassK,
  type TrialOutcome,
} from "./lift";
export {
  hashSeed,
  mcnemarExactP,
  mulberry32,
  newcombePairedInterval,
  wilsonInterval,
  type Interval,
  type PairedCounts,
} from "./paired-interval";
export { callsFromEvents, countAnswerOrigins, pathFromEvents, readRunForScoring, type ScoringInput } from "./run-calls";
export { expectedAnswerSources, type ExpectedAnswerSource } from "./answer-sources";
export {
  GENERIC_SYSTEM_PROMPT,
  missingToolDefinition,
  routineSystemPrompt,
  trajectoryFromRun,
  type Trajectory,
  type TrainingCall,
  type TrajectoryInput,
} from "./training-trajectory";
export {
  toLlamaFactoryLine,
  toOpenAiChatLine,
  trainingLine,
  TRAINING_FORMATS,
  type LlamaFactoryLine,
  type OpenAiChatLine,
  type TrainingFormat,
} from "./training-formats";
export { checkLlamaFactoryLine, checkOpenAiChatLine } from "./training-checks";
export { normalizeToolParameters, toolParameterProblems } from "./tool-schema";
export { unhandledToolErrors, type UnhandledToolError } from "./tool-errors";
export {
  EXCLUSION_REASONS,
  EXCLUSION_TEXT,
  exclusionOf,
  MINIMUM_EXAMPLES,
  minimumWarning,
  summarize,
  type ExclusionReason,
  type RunVerdictInput,
  type TrainingSummary,
} from "./training-selection";
export {
  trainingExportQuerySchema,
  trainingFileName,
  trainingFilterSchema,
  trainingQueryFields,
  trainingQueryString,
  TRAINING_SOURCES,
  type TrainingExportQuery,
  type TrainingFilter,
  type TrainingSource,
} from "./training-filter";
