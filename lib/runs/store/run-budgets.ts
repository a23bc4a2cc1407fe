import { z } from "zod";
import { DEFAULT_BUDGETS, type Budgets } from "../engine";

/** Limits a run gets when nothing else is said (the engine's defaults), each overridable by an environment variable (README). */
export const BUDGET_DEFAULTS: Budgets = DEFAULT_BUDGETS;

const BUDGET_ENV: Record<keyof Budgets, string> = {
  maxSteps: "RUN_MAX_STEPS",
  maxTokens: "RUN_MAX_TOKENS",
  wallTimeMs: "RUN_WALL_TIME_MS",
  stepTimeoutMs: "RUN_STEP_TIMEOUT_MS",
};

const budgetsSchema = z.object({
  maxSteps: z.number().int().min(1),
  maxTokens: z.number().int().min(1),
  wallTimeMs: z.number().int().min(1),
  stepTimeoutMs: z.number().int().min(1),
});

/** The budgets of a new run: the defaults, each replaced by its environment variable when that is a positive integer. */
export function defaultBudgets(env: NodeJS.ProcessEnv = process.env): Budgets {
  const budgets = { ...BUDGET_DEFAULTS };
  for (const key of Object.keys(BUDGET_ENV) as Array<keyof Budgets>) {
    const raw = env[BUDGET_ENV[key]]?.trim();
    const value = raw ? Number(raw) : NaN;
    if (Number.isSafeInteger(value) && value > 0) budgets[key] = value;
    else if (raw)
      console.warn(`[runs] ${BUDGET_ENV[key]}="${raw}" is not a positive whole number; using ${budgets[key]}.`);
  }
  return budgets;
}

// Built once: deriving a schema costs more than parsing with it, and runs' budgets are read at every load.
const storedBudgetsSchema = budgetsSchema.partial();

/** A run's stored budgets; missing or malformed fields fall back to the defaults rather than failing the run. */
export function readBudgets(stored: string): Budgets {
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    raw = {};
  }
  const partial = storedBudgetsSchema.safeParse(raw);
  return { ...BUDGET_DEFAULTS, ...(partial.success ? partial.data : {}) };
}
