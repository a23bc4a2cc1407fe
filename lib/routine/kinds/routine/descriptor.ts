import { ioFacts } from "../shared/io";
import type { StepKindDescriptor } from "../types";

/** A sub-routine step runs another published routine as a child run and waits for it to finish. */
export const routineKind: StepKindDescriptor<"routine"> = {
  kind: "routine",
  label: "Sub-routine",
  hint: "Runs another published routine.",
  defaultName: "Run a sub-routine",
  capabilities: {
    callsTool: false,
    modelDriven: false,
    mayChangeData: true,
    takesInputs: true,
    recordsOutputs: true,
    rerunnable: false,
    skippable: true,
    waitsForPerson: false,
    startsChildRun: true,
    waitsOnOthers: true,
    choosesWay: false,
    endsRun: false,
    allowedInAgentMode: false,
  },
  draft: (base) => ({ ...base, kind: "routine", routineId: "choose_a_routine", inputs: {}, outputs: [] }),
  toolOf: () => undefined,
  inputsOf: (step) => step.inputs,
  outputsOf: (step) => step.outputs,
  formOf: () => [],
  instructionOf: () => undefined,
  completionOf: () => undefined,
  outcomeOf: () => undefined,
  waitsForPerson: () => false,
  allowedInAgentMode: () => false,
  doneWhen: () => "the sub-routine has finished",
  reviewFacts: (step, describeBinding) => [
    { key: "routineId", label: "Sub-routine", value: step.routineId },
    ...ioFacts(step, describeBinding),
  ],
};
