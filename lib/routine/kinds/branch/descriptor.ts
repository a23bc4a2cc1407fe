import { NO_INPUTS } from "../shared/io";
import type { StepKindDescriptor } from "../types";

/** A branch step checks a condition and takes one of its labelled ways out. */
export const branchKind: StepKindDescriptor<"branch"> = {
  kind: "branch",
  label: "Branch",
  hint: "Checks a condition; each way out is labelled.",
  defaultName: "Decide",
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
    choosesWay: true,
    endsRun: false,
    allowedInAgentMode: true,
  },
  draft: (base) => ({ ...base, kind: "branch" }),
  toolOf: () => undefined,
  inputsOf: () => NO_INPUTS,
  outputsOf: () => [],
  formOf: () => [],
  instructionOf: () => undefined,
  completionOf: () => undefined,
  outcomeOf: () => undefined,
  waitsForPerson: () => false,
  allowedInAgentMode: () => true,
  doneWhen: () => "one way out is taken",
  reviewFacts: () => [],
};
