import type { EvalMode, SuiteConfiguration } from "../eval";
import type { ExecutionPlan } from "../runner";

/** A suite configuration as an eval run keeps it: the distractor versions it drew are fixed when the run starts. */
export type RunConfiguration = SuiteConfiguration & { distractorVersionIds: string[] };

const AGENT_ROUTINE: Record<Exclude<EvalMode, "workflow">, "full" | "ablated" | "none"> = {
  agent: "full",
  agent_ablated: "ablated",
  baseline: "none",
};

/** How a case runs under `config`: workflow mode, or agent mode with the routine variant the eval mode names. */
export function executionPlanOf(config: RunConfiguration): ExecutionPlan {
  const model = config.model.trim() || undefined;
  if (config.mode === "workflow") return { mode: "workflow", ...(model ? { model } : {}) };
  return {
    mode: "agent",
    routine: AGENT_ROUTINE[config.mode],
    distractorVersionIds: config.mode === "baseline" ? [] : config.distractorVersionIds.slice(0, 5),
    ...(model ? { model } : {}),
  };
}

/** Whether a mode hands the routine's calls to the executor model (every mode but workflow). */
export const isAgentMode = (mode: EvalMode) => mode !== "workflow";
