import { NO_INPUTS } from "../shared/io";
import type { StepKindDescriptor } from "../types";

/** A human step stops the run until a person approves it or fills its form; the form's fields become its outputs. */
export const humanKind: StepKindDescriptor<"human"> = {
  kind: "human",
  label: "Human",
  hint: "Waits for a person to approve or fill a form.",
  defaultName: "Ask a person",
  capabilities: {
    callsTool: false,
    modelDriven: false,
    mayChangeData: false,
    takesInputs: false,
    recordsOutputs: true,
    rerunnable: false,
    skippable: true,
    waitsForPerson: true,
    startsChildRun: false,
    waitsOnOthers: true,
    choosesWay: false,
    endsRun: false,
    allowedInAgentMode: false,
  },
  draft: (base) => ({ ...base, kind: "human", instruction: "", form: [] }),
  toolOf: () => undefined,
  inputsOf: () => NO_INPUTS,
  outputsOf: (step) => step.form,
  formOf: (step) => step.form,
  instructionOf: (step) => step.instruction,
  completionOf: () => undefined,
  outcomeOf: () => undefined,
  waitsForPerson: () => true,
  allowedInAgentMode: () => false,
  doneWhen: () => "an operator has decided",
  reviewFacts: (step) => [
    { key: "instruction", label: "Instruction", value: step.instruction },
    ...step.form.map((field) => ({
      key: `form.${field.name}`,
      label: `Form field ${field.name}`,
      value: `${field.type}${field.required ? ", required" : ""}${field.description ? ` — ${field.description}` : ""}`,
    })),
  ],
};
