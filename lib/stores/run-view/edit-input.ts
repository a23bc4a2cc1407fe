import { fixedArguments, type JsonValue, type Step } from "../../routine";

/**
 * Checks a step input an operator edited as JSON before it is sent for a re-run: a JSON object, or a message saying
 * what is wrong. The server checks it again.
 */
export function parseEditedInput(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `This is not valid JSON: ${error instanceof Error ? error.message : "check the brackets and quotes"}.`,
    };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, message: 'The input must be a JSON object of named values, like {"employee_id": "E-1"}.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** An argument the routine fixes, as the re-run form shows it: its value and where the value comes from. */
export type FixedArgumentView = { name: string; value: JsonValue | undefined; why: string };

/**
 * How the re-run form splits a step's input: the arguments the routine fixes (literal and input bindings; shown
 * read-only, sent as they are) and the rest, which the operator edits as JSON. The server refuses a change to a
 * fixed argument anyway; the form only says so before anyone tries.
 */
export function rerunFormOf(
  step: Step,
  runInputs: Record<string, JsonValue>,
  input: unknown,
): { fixed: FixedArgumentView[]; editable: Record<string, unknown> } {
  const fixed = fixedArguments(step, runInputs);
  const current = input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const editable = Object.fromEntries(
    Object.entries(current).filter(([name]) => !fixed.some((argument) => argument.name === name)),
  );
  return {
    fixed: fixed.map((argument) => ({
      name: argument.name,
      value: argument.value,
      why:
        argument.source.from === "literal"
          ? "A value written in the routine."
          : argument.value === undefined
            ? `The run's input ${argument.source.input}, which this run was not given: it stays out.`
            : `The run's input ${argument.source.input}.`,
    })),
    editable,
  };
}

/** The input a re-run sends: the fixed arguments as the routine has them, then what the operator wrote. */
export function rerunInputOf(fixed: readonly FixedArgumentView[], edited: Record<string, unknown>) {
  const given = fixed.filter((argument) => argument.value !== undefined).map((a) => [a.name, a.value] as const);
  return { ...Object.fromEntries(given), ...edited };
}
