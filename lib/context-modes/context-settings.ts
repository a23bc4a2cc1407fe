import { z } from "zod";

/**
 * How much of the run so far the executor's prompt carries (issue #18, decision 0031):
 * - `full`: everything, every result whole, variables' values included (the ReAct baseline, never trimmed);
 * - `plan-aware`: what the current and next k steps need in full, one line for the rest (PAACE), within the budget;
 * - `compressed`: plan-aware, with the compressor model's rewrite of the values when its guard accepts it.
 */
export const CONTEXT_MODES = ["full", "plan-aware", "compressed"] as const;
export type ContextMode = (typeof CONTEXT_MODES)[number];

export const CONTEXT_LIMITS = {
  lookahead: { min: 0, max: 50 },
  budgetTokens: { min: 500, max: 1_000_000 },
  compressTokens: { min: 50, max: 100_000 },
} as const;

const whole = (what: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `Enter ${what} as a number.` })
    .int(`Enter ${what} as a whole number.`)
    .min(min, `${what[0].toUpperCase()}${what.slice(1)} must be between ${min} and ${max.toLocaleString("en")}.`)
    .max(max, `${what[0].toUpperCase()}${what.slice(1)} must be between ${min} and ${max.toLocaleString("en")}.`);

/** A run's context settings, stored on its execution plan so the run keeps them whatever the defaults become. */
export const contextSettingsSchema = z.object({
  mode: z.enum(CONTEXT_MODES, { error: "Choose full history, plan-aware or compressed." }),
  /** PAACE's k: how many steps after the current one the prompt keeps what they need for. */
  lookahead: whole("the lookahead", CONTEXT_LIMITS.lookahead),
  /** The executor's system prompt stays within this many tokens (full history excepted). */
  budgetTokens: whole("the token budget", CONTEXT_LIMITS.budgetTokens),
  /** The compressor's rewrite of the values stays within this many tokens. */
  compressTokens: whole("the compressor budget", CONTEXT_LIMITS.compressTokens),
});
export type ContextSettings = z.infer<typeof contextSettingsSchema>;

export const DEFAULT_CONTEXT_SETTINGS: ContextSettings = {
  mode: "plan-aware",
  lookahead: 2,
  budgetTokens: 8000,
  compressTokens: 1000,
};

export const CONTEXT_MODE_LABELS: Record<ContextMode, { title: string; purpose: string }> = {
  full: { title: "Full history", purpose: "Every result so far, whole: the baseline to measure against." },
  "plan-aware": {
    title: "Plan-aware",
    purpose: "What the current and next k steps need in full, one line for the rest.",
  },
  compressed: {
    title: "Plan-aware + compressor",
    purpose: "Plan-aware, with the compressor model condensing the values; falls back to plan-aware when it fails.",
  },
};
