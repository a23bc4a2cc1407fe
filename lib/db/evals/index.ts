// Evaluations as people author, run and read them: test cases, suites and their results, the training-data export.
// Authorized here; suites execute in lib/evaluations/driver.
import "server-only";
export {
  summarizeTrainingExport,
  EXPORT_ROLES,
  listTrainingExportOptions,
  streamTrainingExamples,
} from "./training-export";
export {
  createTestCase,
  deleteTestCase,
  exportTestCases,
  getTestCase,
  getTestCaseTable,
  importTestCases,
  listTestCases,
  updateTestCase,
} from "./test-cases";
export type { CaseImportOutcome, TestCaseTable } from "./test-cases";
export { dropProposedCase, keepProposedCase, proposeTestCases, saveRunAsTestCase } from "./case-sources";
export type { ProposalOutcome } from "./case-sources";
export { CASE_READ_ROLES, CASE_SOURCES, routineCaseContext } from "./case-records";
export type { CaseSource, CaseStatus, CaseTool, TestCaseRow } from "./case-records";
export { createSuite, deleteSuite, getSuite, listSuites, SUITE_LIMITS, suiteInputSchema, updateSuite } from "./suites";
export type { EvalSuiteView, SuiteInput } from "./suites";
export { getEvaluationRoutine, listEvaluationOverview } from "./evaluation-overview";
export type { EvaluationRoutine, RoutineEvaluationSummary } from "./evaluation-overview";
export {
  cancelEvalRun,
  EVAL_RUN_STATUSES,
  getEvalRunProgress,
  isEvalRunActive,
  listEvalRuns,
  startEvalRun,
} from "./eval-runs";
export type { EvalRunProgress, EvalRunStatus } from "./eval-runs";
export { getEvalResult, getEvalRunReport, listEvalResults } from "./eval-results";
export { suiteScoresForVersions, type SuiteVersionScores } from "../eval-scores";
export type {
  ConfigurationReport,
  EvalResultDetail,
  EvalRunReport,
  ResultCell,
  ResultPage,
  ResultRow,
} from "./eval-results";
