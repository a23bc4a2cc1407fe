import { hasCapability } from "../../routine";
import type { RunSnapshot } from "./ports";
import type { Budgets } from "./ports";
import type { RoutineIndex } from "./routine-graph";

/** Limits for a run started without its own, generous enough for any routine a person reviews. */
export const DEFAULT_BUDGETS: Budgets = {
  maxSteps: 200,
  maxTokens: 400_000,
  wallTimeMs: 30 * 60_000,
  stepTimeoutMs: 5 * 60_000,
};

export type BudgetName = "steps" | "tokens" | "wall_time" | "step_timeout";

/** A budget ran out: the run fails with run.budget_exceeded naming it. */
export class BudgetExceededError extends Error {
  constructor(
    readonly budget: BudgetName,
    readonly limit: number,
    readonly used: number,
  ) {
    super(describeBudget(budget, limit, used));
    this.name = "BudgetExceededError";
  }
}

function describeBudget(budget: BudgetName, limit: number, used: number): string {
  switch (budget) {
    case "steps":
      return `The run reached its limit of ${limit} step executions.`;
    case "tokens":
      return `The run used ${used} model tokens, over its limit of ${limit}.`;
    case "wall_time":
      return `The run worked for ${Math.round(used / 1000)} s, over its limit of ${Math.round(limit / 1000)} s.`;
    case "step_timeout":
      return `The step did not finish within its ${limit} ms.`;
  }
}

export const tokensUsed = (snapshot: RunSnapshot) => snapshot.inputTokens + snapshot.outputTokens;

/**
 * Working time so far: the durations of the step runs that finished working. Time waiting for a person (human
 * steps, approvals, pauses), for a sub-routine (which has budgets of its own), or for a crashed worker to be replaced
 * is not counted. A step run still marked running is left out: between steps that is one a stopped worker left
 * behind, whose time starts again when it is re-run; the step in flight is watched by the step guard instead.
 */
export function activeMs(snapshot: RunSnapshot, index: RoutineIndex): number {
  let total = 0;
  for (const run of snapshot.steps) {
    if (
      !run.startedAt ||
      !run.finishedAt ||
      (run.state !== "succeeded" && run.state !== "failed" && run.state !== "cancelled")
    )
      continue;
    const step = index.step(run.stepId);
    if (step && hasCapability(step, "waitsOnOthers")) continue;
    total += Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime());
  }
  return total;
}

/** The budget that stops the run before it starts another step, if any. */
export function budgetBeforeStep(
  snapshot: RunSnapshot,
  index: RoutineIndex,
  newStep: boolean,
): BudgetExceededError | null {
  const { budgets } = snapshot;
  if (newStep && snapshot.stepsExecuted >= budgets.maxSteps)
    return new BudgetExceededError("steps", budgets.maxSteps, snapshot.stepsExecuted);
  if (tokensUsed(snapshot) >= budgets.maxTokens)
    return new BudgetExceededError("tokens", budgets.maxTokens, tokensUsed(snapshot));
  const worked = activeMs(snapshot, index);
  if (worked >= budgets.wallTimeMs) return new BudgetExceededError("wall_time", budgets.wallTimeMs, worked);
  return null;
}
