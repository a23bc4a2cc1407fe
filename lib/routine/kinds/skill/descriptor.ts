import { completionFact, ioFacts } from "../shared/io";
import type { StepKindDescriptor } from "../types";

/** A skill step: the executor model thinks or writes, calling no tool; its answer fills the step's outputs. */
export const skillKind: StepKindDescriptor<"skill"> = {
  kind: "skill",
  label: "Skill",
  hint: "The model thinks or writes, no tool.",
  defaultName: "Think or write",
  capabilities: {
    callsTool: false,
    modelDriven: true,
    mayChangeData: false,
    takesInputs: true,
    recordsOutputs: true,
    rerunnable: true,
    skippable: true,
    waitsForPerson: false,
    startsChildRun: false,
    waitsOnOthers: false,
    choosesWay: false,
    endsRun: false,
    allowedInAgentMode: true,
  },
  draft: (base) => ({
    ...base,
    kind: "skill",
    instruction: "",
    inputs: {},
    outputs: [{ name: "result", description: "" }],
  }),
  toolOf: () => undefined,
  inputsOf: (step) => step.inputs,
  outputsOf: (step) => step.outputs,
  formOf: () => [],
  instructionOf: (step) => step.instruction,
  completionOf: (step) => step.completion || undefined,
  outcomeOf: () => undefined,
  waitsForPerson: () => false,
  allowedInAgentMode: () => true,
  doneWhen: (step) =>
    step.completion ||
    (step.outputs.length > 0
      ? `${step.outputs.map((output) => output.name).join(", ")} written`
      : "the answer is written"),
  reviewFacts: (step, describeBinding) => [
    { key: "instruction", label: "Instruction", value: step.instruction },
    ...ioFacts(step, describeBinding),
    completionFact(step.completion),
  ],
};
