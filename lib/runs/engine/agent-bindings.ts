import {
  checkFixedArguments,
  fixedArguments,
  type FixedArgument,
  type JsonValue,
  type StepWithTool,
} from "../../routine";

/** A model's call held against the step it serves: the arguments to send, or why it is refused. */
export type BindingVerdict = { ok: true; args: Record<string, JsonValue> } | { ok: false; reason: string };

/** Whether a call's arguments leave every argument `step` fixes as the routine has it (leaving one out is fine). */
export function fitsBindings(
  step: StepWithTool,
  runInputs: Record<string, JsonValue>,
  args: Record<string, JsonValue>,
): boolean {
  return checkFixedArguments(fixedArguments(step, runInputs), args).changed.length === 0;
}

const why = (argument: FixedArgument): string =>
  argument.source.from === "literal"
    ? "the routine's own value"
    : argument.value === undefined
      ? `the routine binds it to the run's input ${argument.source.input}, which this run was not given`
      : `the run's input ${argument.source.input}`;

const demand = (argument: FixedArgument): string =>
  argument.value === undefined
    ? `"${argument.name}" must be left out (${why(argument)})`
    : `"${argument.name}" must be ${JSON.stringify(argument.value)} (${why(argument)})`;

/**
 * Agent mode honours the routine's bindings (issue #29): the arguments the step a call serves fixes — `literal` and
 * `input` bindings — are the routine's, whatever the model read in a tool result. A call that gives one another
 * value is refused, with the reason naming each fixed argument, its value and where it comes from, so the model can
 * call again correctly. One it leaves out is filled in with the routine's value: that is the value the reviewers
 * approved, so sending it is safe, and asking the model to type what the engine already knows would only cost a turn
 * (workflow mode fills bound arguments in the same way). Arguments bound to an earlier step's output or left to the
 * model are not checked here: their values come from the run, which the engine cannot tell from the model's choice.
 */
export function holdToBindings(
  step: StepWithTool,
  runInputs: Record<string, JsonValue>,
  functionName: string,
  args: Record<string, JsonValue>,
): BindingVerdict {
  const { changed, missing } = checkFixedArguments(fixedArguments(step, runInputs), args);
  if (changed.length > 0)
    return {
      ok: false,
      reason:
        `${functionName} was not run: the routine fixes arguments of "${step.name}" and this call changed them: ` +
        `${changed.map(demand).join("; ")}. Call ${functionName} again with these values, or leave them out and ` +
        `the routine's values are used.`,
    };
  const filled = { ...args };
  for (const argument of missing) filled[argument.name] = argument.value!;
  return { ok: true, args: filled };
}
