import type { EvalMode } from "@/lib/evaluations/scoring";
import { CONTEXT_MODE_LABELS, type ContextMode } from "@/lib/context-modes";

/** The modes as the suite form and the results name them. */
export const MODE_LABELS: Record<EvalMode, string> = {
  workflow: "Workflow",
  agent: "Agent with routine",
  baseline: "Agent without routine (baseline)",
  agent_ablated: "Agent with ablated routine",
};

/** A configuration in a few words: version, mode, model, distractors and the context mode when known. */
export function configurationLabel(config: {
  versionNumber: number | null;
  mode: EvalMode;
  model: string;
  distractors: number;
  contextMode?: ContextMode;
}): string {
  const parts = [
    config.versionNumber === null ? "deleted version" : `v${config.versionNumber}`,
    MODE_LABELS[config.mode],
    config.model || "default model",
  ];
  if (config.distractors > 0) parts.push(`${config.distractors} distractor${config.distractors === 1 ? "" : "s"}`);
  if (config.contextMode) parts.push(`${CONTEXT_MODE_LABELS[config.contextMode].title} context`);
  return parts.join(" · ");
}
