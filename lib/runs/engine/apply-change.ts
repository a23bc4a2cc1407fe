import type { RunChange, RunSnapshot, StepRunSnapshot } from "./ports";

/** A step run as first inserted: the fields a change leaves out take these values (as the table's defaults do). */
export function newStepRun(fields: Pick<StepRunSnapshot, "id" | "stepId" | "iteration">): StepRunSnapshot {
  return {
    ...fields,
    state: "pending",
    attempt: 0,
    input: null,
    output: null,
    outputRef: null,
    tool: null,
    approval: null,
    error: null,
    inputTokens: 0,
    outputTokens: 0,
    startedAt: null,
    finishedAt: null,
  };
}

/**
 * Applies a committed change to a snapshot in place, the way a store applies it to its rows: run fields replaced,
 * step runs updated by id or appended. The engine keeps its copy current with this instead of reloading; the
 * in-memory store uses it as its whole write path, so both read the same result.
 */
export function applyChange(snapshot: RunSnapshot, change: RunChange): void {
  const { run, steps } = change;
  if (run) {
    for (const key of ["status", "inputTokens", "outputTokens", "stepsExecuted", "startedAt", "control"] as const) {
      if (run[key] !== undefined) (snapshot as Record<string, unknown>)[key] = run[key];
    }
    if (run.plan !== undefined) snapshot.plan = structuredClone(run.plan);
    if (run.execution !== undefined) snapshot.execution = structuredClone(run.execution);
  }
  for (const patch of steps ?? []) {
    const existing = snapshot.steps.find((step) => step.id === patch.id);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    if (existing) Object.assign(existing, defined);
    else snapshot.steps.push({ ...newStepRun(patch), ...defined });
  }
}
