import { hasCapability, type JsonValue } from "../../routine";
import type { RunSnapshot } from "./ports";
import type { RoutineIndex } from "./routine-graph";
import { isVariableStub, jsonText, preview } from "./variables";

// The values the executor's prompt shows, in workflow mode (context.ts) and agent mode (agent-prompt.ts) alike.

/** `key`: the variable-memory key the run holds the value under, when full history shows it whole. */
export type OutputEntry = { stepId: string; name: string; value: JsonValue; key?: string };

/** Each step's newest succeeded outputs, in the order the steps last ran; a branch's choice is not a value. */
export function latestOutputs(snapshot: RunSnapshot, index: RoutineIndex): OutputEntry[] {
  const byStep = new Map<string, OutputEntry[]>();
  for (const run of snapshot.steps) {
    if (!recordsValues(index, run.stepId)) continue;
    if (run.state !== "succeeded" || !run.output || typeof run.output !== "object" || Array.isArray(run.output))
      continue;
    byStep.delete(run.stepId);
    byStep.set(
      run.stepId,
      Object.entries(run.output).map(([name, value]) => ({ stepId: run.stepId, name, value })),
    );
  }
  return [...byStep.values()].flat();
}

/**
 * Every succeeded step run's outputs, oldest first, loops' earlier passes included: full history, what a ReAct
 * transcript would hold. A value in variable memory is shown whole when `variables` has it.
 */
export function allOutputs(
  snapshot: RunSnapshot,
  index: RoutineIndex,
  variables: ReadonlyMap<string, JsonValue> = new Map(),
): OutputEntry[] {
  const entries: OutputEntry[] = [];
  for (const run of snapshot.steps) {
    if (!recordsValues(index, run.stepId)) continue;
    if (run.state !== "succeeded" || !run.output || typeof run.output !== "object" || Array.isArray(run.output))
      continue;
    for (const [name, value] of Object.entries(run.output))
      entries.push(
        isVariableStub(value) && variables.has(value.$var)
          ? { stepId: run.stepId, name, value: variables.get(value.$var)!, key: value.$var }
          : { stepId: run.stepId, name, value },
      );
  }
  return entries;
}

/** Whether the step's output is values (a branch's is the way it chose; a step no longer in the routine counts). */
function recordsValues(index: RoutineIndex, stepId: string): boolean {
  const step = index.step(stepId);
  return !step || hasCapability(step, "recordsOutputs");
}

/** A value as the prompt shows it: a variable-memory stub by its key, others as JSON cut to `chars`. */
export function showValue(value: JsonValue, chars: number): string {
  if (isVariableStub(value)) return `${value.$var} (in variable memory; starts: ${value.preview})`;
  return chars === Infinity ? jsonText(value) : preview(value, chars);
}
