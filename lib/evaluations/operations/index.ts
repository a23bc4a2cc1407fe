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
export { getEvalResult, getEvalRunReport, listEvalResults } from "./eval-results";
export type {
  ConfigurationReport,
  EvalResultDetail,
  EvalRunReport,
  ResultCell,
  ResultPage,
  ResultRow,
} from "./eval-results";
export { saveRunAsTestCase } from "./case-from-run";
