// Evaluations' records as people author and read them: test cases, suites, the training-data export. Authorized
// here. Starting, cancelling and reporting an evaluation run is lib/evaluations/operations (it drives runs, so it
// sits above lib/db); suites execute in lib/evaluations/driver.
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
export { dropProposedCase, insertCaseFromRun, keepProposedCase } from "./case-sources";
export { CASE_READ_ROLES, CASE_SOURCES, contentColumns, routineCaseContext } from "./case-records";
export type { CaseSource, CaseStatus, CaseTool, TestCaseRow } from "./case-records";
export { createSuite, deleteSuite, getSuite, listSuites, SUITE_LIMITS, suiteInputSchema, updateSuite } from "./suites";
export type { EvalSuiteView, SuiteInput } from "./suites";
export { getEvaluationRoutine, listEvaluationOverview } from "./evaluation-overview";
export type { EvaluationRoutine, OverviewConfiguration, RoutineEvaluationSummary } from "./evaluation-overview";
export { suiteScoresForVersions, type SuiteVersionScores } from "../eval-scores";
export { readConfigurations } from "./suites";
export { caseSelect, toCaseRow } from "./case-records";
