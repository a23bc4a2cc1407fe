import type { EvalMode, SuiteConfiguration } from "../scoring";
import type { ContextSettings } from "../../context-modes";
import type { ExecutionPlan } from "../../runs/engine";

/**
 * A suite configuration as an eval run keeps it: the distractor versions it drew and its context settings (its
 * context mode over the admin's settings) are fixed when the run starts, so every case of a configuration runs alike.
 * Runs started before context settings were stored have none: their cases ran on the engine's defaults.
 */
export type RunConfiguration = SuiteConfiguration & { distractorVersionIds: string[]; context?: ContextSettings };

const AGENT_ROUTINE: Record<Exclude<EvalMode, "workflow">, "full" | "ablated" | "none"> = {
  agent: "full",
  agent_ablated: "ablated",
  baseline: "none",
};

/**
 * How a case runs under `config`: workflow mode, or agent mode with the routine variant the eval mode names, with
 * the configuration's model and context settings.
 */
export function executionPlanOf(config: RunConfiguration): ExecutionPlan {
  const model = config.model.trim() || undefined;
  const extras = { ...(model ? { model } : {}), ...(config.context ? { context: config.context } : {}) };
  if (config.mode === "workflow") return { mode: "workflow", ...extras };
  return {
    mode: "agent",
    routine: AGENT_ROUTINE[config.mode],
    distractorVersionIds: config.mode === "baseline" ? [] : config.distractorVersionIds.slice(0, 5),
    ...extras,
  };
}

/** The context settings a configuration's cases run with: its own context mode over the settings in effect. */
export function configurationContext(config: SuiteConfiguration, inEffect: ContextSettings): ContextSettings {
  return { ...inEffect, mode: config.contextMode ?? inEffect.mode };
}

/** Whether a mode hands the routine's calls to the executor model (every mode but workflow). */
export const isAgentMode = (mode: EvalMode) => mode !== "workflow";
