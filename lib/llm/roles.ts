/** The jobs the app gives a model; each role has its own model, timeout and retry budget. */
export const LLM_ROLES = ["planner", "executor", "compressor", "embedder"] as const;
export type LlmRole = (typeof LLM_ROLES)[number];

/** What each role does, for the settings page. */
export const LLM_ROLE_LABELS: Record<LlmRole, { title: string; purpose: string }> = {
  planner: { title: "Planner", purpose: "Optimizes drafts into routines and repairs them." },
  executor: { title: "Executor", purpose: "Follows a published routine during a run and calls its tools." },
  compressor: { title: "Compressor", purpose: "Summarizes long context for the executor (optional)." },
  embedder: { title: "Embedder", purpose: "Embeds routines for procedure memory (optional)." },
};

/** The environment variable naming a role's model, e.g. OPENAI_PLANNER_MODEL. */
export function modelEnvVar(role: LlmRole): string {
  return `OPENAI_${role.toUpperCase()}_MODEL`;
}
