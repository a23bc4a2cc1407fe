import { hasCapability, type JsonValue } from "../../routine";
import type { ExpressionScope } from "./expression";
import type { RunSnapshot } from "./ports";
import type { RoutineIndex } from "./routine-graph";
import type { RunValues } from "./values";
import { isVariableStub } from "./variables";

type Outputs = Record<string, JsonValue>;
const isOutputs = (value: JsonValue | null): value is Outputs =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The names a branch expression can use, for the roots it reads: a step output by its name (the newest value),
 * a routine input by its name, a step id (that step's outputs), or `inputs` (all routine inputs). A name some step
 * declares but that has no value yet is null; a name nothing declares is left out, so the expression fails on it.
 * Values in variable memory are read back.
 */
export async function expressionScope(
  roots: Iterable<string>,
  snapshot: RunSnapshot,
  index: RoutineIndex,
  values: RunValues,
): Promise<ExpressionScope> {
  const scope = new Map<string, JsonValue | null>();
  const declared = new Set(
    index.routine.steps.flatMap((step) => ("outputs" in step ? step.outputs.map((output) => output.name) : [])),
  );
  for (const root of new Set(roots)) {
    const output = newestOutput(snapshot, index, root);
    if (output !== undefined) scope.set(root, await full(output, values));
    else if (declared.has(root)) scope.set(root, null);
    else if (Object.hasOwn(snapshot.inputs, root) || index.routine.inputs.some((input) => input.name === root))
      scope.set(root, snapshot.inputs[root] ?? null);
    else if (index.step(root)) scope.set(root, await stepOutputs(snapshot, root, values));
    else if (root === "inputs") scope.set(root, snapshot.inputs);
  }
  return scope;
}

function newestOutput(snapshot: RunSnapshot, index: RoutineIndex, name: string): JsonValue | undefined {
  for (let at = snapshot.steps.length - 1; at >= 0; at--) {
    const run = snapshot.steps[at];
    const step = index.step(run.stepId);
    if (run.state !== "succeeded" || (step && !hasCapability(step, "recordsOutputs")) || !isOutputs(run.output))
      continue;
    if (Object.hasOwn(run.output, name)) return run.output[name];
  }
  return undefined;
}

async function stepOutputs(snapshot: RunSnapshot, stepId: string, values: RunValues): Promise<JsonValue | null> {
  for (let at = snapshot.steps.length - 1; at >= 0; at--) {
    const run = snapshot.steps[at];
    if (run.stepId !== stepId || run.state !== "succeeded" || !isOutputs(run.output)) continue;
    const entries = await Promise.all(
      Object.entries(run.output).map(async ([name, value]) => [name, await full(value, values)] as const),
    );
    return Object.fromEntries(entries);
  }
  return null;
}

async function full(value: JsonValue, values: RunValues): Promise<JsonValue> {
  return isVariableStub(value) ? values.variable(value.$var) : value;
}
