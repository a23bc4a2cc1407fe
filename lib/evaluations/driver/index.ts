// The eval service: executes evaluation suites in the background. Each case × configuration becomes an ordinary
// run the run worker executes; the driver keeps a suite's runs in flight under its concurrency, judges each finished
// run with lib/evaluations/scoring's checker and stores the verdict. No request context, like lib/runs/store: instrumentation.ts
// starts one driver in the web server, and lib/db/evals authorizes and starts the suite runs it picks up.
import "server-only";
export { cancelEvalRunRuns } from "./eval-cancel";
export { createEvalDriver, EVAL_DRIVER_DEFAULTS } from "./eval-driver";
export type { EvalDriver, EvalDriverOptions } from "./eval-driver";
export { catalogSchemas, judgeRun, readRunEvents } from "./eval-judging";
export type { Judgement } from "./eval-judging";
export { configurationContext, executionPlanOf, isAgentMode } from "./eval-plans";
export type { RunConfiguration } from "./eval-plans";
export { readRunConfigurations } from "./eval-records";
export { startEvalDriver, startEvalDriverOnStartup, stopEvalDriver } from "./eval-startup";
export { onEvalWork, wakeEvalDriver } from "./eval-wake";
