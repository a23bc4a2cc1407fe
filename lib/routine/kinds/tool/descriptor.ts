import type { ToolDefinition } from "../../catalog";
import type { Binding, StepOf } from "../../schema";
import { completionFact, ioFacts } from "../shared/io";
import type { StepKindDescriptor } from "../types";

/** Every parameter of the tool, left to the model with its description as the hint, until the author binds it. */
function defaultBindings(tool: ToolDefinition): Record<string, Binding> {
  const properties = tool.inputSchema.properties ?? {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      { from: "model", hint: property.description ?? "" } as Binding,
    ]),
  );
}

/** A tool step calls exactly one tool from the catalog, optionally after a person approves the call. */
export const toolKind: StepKindDescriptor<"tool"> = {
  kind: "tool",
  label: "Tool",
  hint: "Calls exactly one tool.",
  defaultName: "Call a tool",
  capabilities: {
    callsTool: true,
    modelDriven: false,
    mayChangeData: true,
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
  draft: (base, tool) => ({
    ...base,
    kind: "tool",
    tool: { server: tool?.server ?? "default", name: tool?.name ?? "choose_a_tool" },
    inputs: tool ? defaultBindings(tool) : {},
    outputs: [{ name: "result", description: tool ? `What ${tool.name} returns.` : "" }],
    requiresApproval: false,
  }),
  toolOf: (step) => step.tool,
  inputsOf: (step) => step.inputs,
  outputsOf: (step) => step.outputs,
  formOf: () => [],
  instructionOf: () => undefined,
  completionOf: (step) => step.completion || undefined,
  outcomeOf: () => undefined,
  waitsForPerson: (step) => step.requiresApproval,
  allowedInAgentMode: (step) => !step.requiresApproval,
  doneWhen: (step) => step.completion || `${step.tool.name} returned its result`,
  reviewFacts: (step: StepOf<"tool">, describeBinding) => [
    { key: "tool", label: "Tool", value: `${step.tool.server} / ${step.tool.name}` },
    ...ioFacts(step, describeBinding),
    completionFact(step.completion),
    { key: "timeoutMs", label: "Timeout", value: step.timeoutMs === undefined ? undefined : `${step.timeoutMs} ms` },
    {
      key: "retry",
      label: "Retry",
      value: step.retry && `${step.retry.maxAttempts} attempts, ${step.retry.backoffMs} ms apart`,
    },
    { key: "requiresApproval", label: "Needs approval", value: step.requiresApproval ? "yes" : undefined },
  ],
};
