import type { Binding, Output } from "../../schema";
import type { StepFact } from "../types";

/** A step's input bindings and declared outputs as reviewer facts: `Input x`, then `Output y`. */
export function ioFacts(
  step: { inputs: Record<string, Binding>; outputs: readonly Output[] },
  describeBinding: (binding: Binding) => string,
): StepFact[] {
  return [
    ...Object.entries(step.inputs).map(([name, binding]) => ({
      key: `inputs.${name}`,
      label: `Input ${name}`,
      value: describeBinding(binding),
    })),
    ...step.outputs.map((output) => ({
      key: `outputs.${output.name}`,
      label: `Output ${output.name}`,
      value: output.description || "(no description)",
    })),
  ];
}

/** The reviewer fact for an author's completion criterion. */
export const completionFact = (completion: string | undefined): StepFact => ({
  key: "completion",
  label: "Done when",
  value: completion,
});

/** The bindings of a kind that takes none: one frozen empty object, so callers can neither rely on nor change it. */
export const NO_INPUTS: Readonly<Record<string, Binding>> = Object.freeze({});
