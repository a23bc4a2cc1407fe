// Evaluation runs as people start, cancel and read them: a suite's run over its configurations, its progress and its
// report. Authorized here; the runs execute in lib/evaluations/driver and are stored by lib/runs/store. Above lib/db
// (test cases and suites are its records), which never imports it.
import "server-only";
export {
  cancelEvalRun,
  EVAL_RUN_STATUSES,
  getEvalRunProgress,
  isEvalRunActive,
  listEvalRuns,
  startEvalRun,
} from "./eval-runs";
export type { EvalRunProgress, EvalRunStatus } from "./eval-runs";
export { getEvalResult, listEvalResults } from "./eval-results";
export type { EvalResultDetail, ResultCell, ResultPage, ResultRow, ResultTrials } from "./eval-results";
export { getEvalRunReport } from "./eval-report";
export type { ConfigurationReport, EvalRunReport, LiftReport } from "./eval-report";
export { saveRunAsTestCase } from "./case-from-run";
export { proposeTestCases } from "./case-proposals";
export type { ProposalOutcome } from "./case-proposals";
