import type { StepState } from "../../events";

// Typed by the fields it reads, so a step's view (StepView) and a stored row (StepRunSnapshotView) both fit without
// this module importing the state module that imports it.

/**
 * What an earlier execution of a step left behind (a loop's earlier pass, the run before a re-run or a retried
 * stage): enough for the run's totals, which add every execution's tokens while a step's view shows its latest.
 */
export type PastExecution = {
  stepRunId: string | null;
  stepId: string;
  iteration: number;
  state: StepState;
  inputTokens: number;
  outputTokens: number;
  startedAt: string | null;
  finishedAt: string | null;
};

/** The execution a step's view shows, as a past one; null when the step has not run (nothing to keep). */
export function pastExecutionOf(view: PastExecution): PastExecution | null {
  if (view.state === "pending" && view.startedAt === null) return null;
  return {
    stepRunId: view.stepRunId,
    stepId: view.stepId,
    iteration: view.iteration,
    state: view.state,
    inputTokens: view.inputTokens,
    outputTokens: view.outputTokens,
    startedAt: view.startedAt,
    finishedAt: view.finishedAt,
  };
}

/** `past` with the execution `view` shows added (a new record), or `past` itself when the step had not run. */
export function withPastExecution(
  past: Record<string, PastExecution[]>,
  view: PastExecution,
): Record<string, PastExecution[]> {
  const execution = pastExecutionOf(view);
  if (!execution) return past;
  return { ...past, [view.stepId]: [...(past[view.stepId] ?? []), execution] };
}

/**
 * A snapshot's executions other than the latest of each step (the one its view shows: the highest iteration, the
 * later row of equal ones, as stateFromSnapshot picks), by step id.
 */
export function pastExecutionsOf(rows: readonly PastExecution[]): Record<string, PastExecution[]> {
  const latest = new Map<string, PastExecution>();
  for (const row of rows) {
    const current = latest.get(row.stepId);
    if (!current || row.iteration >= current.iteration) latest.set(row.stepId, row);
  }
  const past: Record<string, PastExecution[]> = {};
  for (const row of rows) {
    if (latest.get(row.stepId) === row) continue;
    (past[row.stepId] ??= []).push({
      stepRunId: row.stepRunId,
      stepId: row.stepId,
      iteration: row.iteration,
      state: row.state,
      inputTokens: row.inputTokens,
      outputTokens: row.outputTokens,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
    });
  }
  return past;
}
