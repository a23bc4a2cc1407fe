import { NO_INPUTS } from "../shared/io";
import type { StepKindDescriptor } from "../types";

/** An end step finishes the run, optionally with an outcome the run's outputs carry. */
export const endKind: StepKindDescriptor<"end"> = {
  kind: "end",
  label: "End",
  hint: "Finishes the routine.",
  defaultName: "Done",
  capabilities: {
    callsTool: false,
    modelDriven: false,
    mayChangeData: false,
    takesInputs: false,
    recordsOutputs: false,
    rerunnable: false,
    skippable: false,
    waitsForPerson: false,
    startsChildRun: false,
    waitsOnOthers: false,
    choosesWay: false,
    endsRun: true,
    allowedInAgentMode: true,
  },
  draft: (base) => ({ ...base, kind: "end" }),
  toolOf: () => undefined,
  inputsOf: () => NO_INPUTS,
  outputsOf: () => [],
  formOf: () => [],
  instructionOf: () => undefined,
  completionOf: () => undefined,
  outcomeOf: (step) => step.outcome,
  waitsForPerson: () => false,
  allowedInAgentMode: () => true,
  doneWhen: () => "the run is finished",
  reviewFacts: (step) => [{ key: "outcome", label: "Outcome", value: step.outcome }],
};
