import { PlannerError } from "./errors";
import type { PlannerBudget } from "./types";

/**
 * Per call. A 40,000-character draft is about 10,000 tokens, the demo catalog's 25 tools about 2,500, the
 * instructions and answer schema about 4,000, and a repair adds the previous answer: 32,000 leaves room for all of
 * it. 8,000 answer tokens hold a routine of roughly 40 fully bound steps with its rationale. Together they fit the
 * 128k context of current hosted models; a local model with a smaller window answers a bad_request instead.
 */
export const DEFAULT_PLANNER_BUDGET: PlannerBudget = { maxInputTokens: 32_000, maxOutputTokens: 8_000 };

const format = (count: number) => count.toLocaleString("en");

/** What the first prompt is made of, to say what to shorten. */
export type PromptBreakdown = { total: number; draft: number; tools: number; toolCount: number };

/** Refuses the first prompt when it exceeds the budget, naming what takes the room. Nothing is sent. */
export function checkFirstPrompt(breakdown: PromptBreakdown, budget: PlannerBudget): void {
  if (breakdown.total <= budget.maxInputTokens) return;
  const parts = `the draft ${format(breakdown.draft)}, the list of ${format(breakdown.toolCount)} tools ${format(breakdown.tools)}, instructions and answer format the rest`;
  const advice =
    breakdown.tools > breakdown.draft
      ? "Most of it is the tool list: disable tool servers the routine does not need in Tools, then try again."
      : "Shorten the draft or split it into smaller routines (sub-routines), then try again.";
  throw new PlannerError(
    "too_large",
    `This draft is too large for the planner: the prompt would be about ${format(breakdown.total)} tokens (${parts}), and one planner request may hold at most ${format(budget.maxInputTokens)}. ${advice} Nothing was sent to the model.`,
  );
}

/** Refuses a repair request over the budget (the previous answer plus its problems made it too long). */
export function checkRepairPrompt(tokens: number, budget: PlannerBudget, issueCount: number): void {
  if (tokens <= budget.maxInputTokens) return;
  throw new PlannerError(
    "too_large",
    `The routine still had ${format(issueCount)} problem${issueCount === 1 ? "" : "s"}, and asking the model to repair them would take about ${format(tokens)} tokens, more than the ${format(budget.maxInputTokens)} one planner request may hold. Shorten the draft or split it into smaller routines, then try again.`,
  );
}
