import { takesInputs } from "./kinds";
import type { JsonValue, Step } from "./schema";

/**
 * An argument a step's routine fixes (issue #29): bound to a `literal` (a value its reviewers approved) or to one of
 * the run's `input`s (what the run was started with). Neither depends on what happens in the run, so nobody working
 * inside the run — an operator re-running the step, the model in agent mode — may change it. Arguments bound to an
 * earlier step's output or left to the model are not fixed.
 */
export type FixedArgument = {
  name: string;
  /** The routine's value; undefined when it is bound to an input the run was not given (then it must stay out). */
  value: JsonValue | undefined;
  source: { from: "literal" } | { from: "input"; input: string };
};

/** The arguments of `step` its routine fixes, with their values in a run started with `runInputs`. */
export function fixedArguments(step: Step, runInputs: Record<string, JsonValue>): FixedArgument[] {
  if (!takesInputs(step)) return [];
  const fixed: FixedArgument[] = [];
  for (const [name, binding] of Object.entries(step.inputs)) {
    if (binding.from === "literal") fixed.push({ name, value: binding.value, source: { from: "literal" } });
    if (binding.from === "input")
      fixed.push({
        name,
        value: Object.hasOwn(runInputs, binding.name) ? runInputs[binding.name] : undefined,
        source: { from: "input", input: binding.name },
      });
  }
  return fixed;
}

/**
 * Whether a step leaves arguments to the model (a `model` binding): the model may then also set the tool's
 * parameters the routine does not mention. A step without one passes exactly the parameters it binds.
 */
export const leavesArgumentsToModel = (step: Step): boolean =>
  takesInputs(step) && Object.values(step.inputs).some((binding) => binding.from === "model");

/** Where a fixed argument's value comes from, in words: `the literal "annual"`, `the run's input employee_id (…)`. */
export function fixedArgumentSource(argument: FixedArgument): string {
  if (argument.source.from === "literal") return `the literal value ${JSON.stringify(argument.value)}`;
  return argument.value === undefined
    ? `the run's input ${argument.source.input}, which this run was not given`
    : `the run's input ${argument.source.input} (${JSON.stringify(argument.value)})`;
}

/**
 * How `args` stand against the fixed arguments: `changed` — given with another value than the routine's (or given
 * although the routine's input was not); `missing` — left out although the routine has a value for it.
 */
export function checkFixedArguments(
  fixed: readonly FixedArgument[],
  args: Record<string, unknown>,
): { changed: FixedArgument[]; missing: FixedArgument[] } {
  const changed: FixedArgument[] = [];
  const missing: FixedArgument[] = [];
  for (const argument of fixed) {
    const given = Object.hasOwn(args, argument.name) && args[argument.name] !== undefined;
    if (!given) {
      if (argument.value !== undefined) missing.push(argument);
    } else if (argument.value === undefined || !sameJson(args[argument.name], argument.value)) changed.push(argument);
  }
  return { changed, missing };
}

/** Deep equality of JSON values; object keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  return (
    keys.length === Object.keys(right).filter((key) => right[key] !== undefined).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}
