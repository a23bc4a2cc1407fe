import type { Binding, Step } from "../schema";
import { suggestTools } from "../tool-suggestions";
import { reachability } from "./graph";
import { issue, listNames, quoted, stepLabel, type ValidationIssue } from "./issues";
import { atNode, type Rule } from "./rule";

/** The bindings of a step that takes inputs; branch, human and end steps take none. */
function bindingsOf(step: Step): [string, Binding][] {
  if (step.kind !== "tool" && step.kind !== "skill" && step.kind !== "routine") return [];
  return Object.entries(step.inputs ?? {});
}

/** What later steps may read from a step: its outputs, or a human step's form fields. */
function outputNames(step: Step): string[] {
  if (step.kind === "tool" || step.kind === "skill" || step.kind === "routine")
    return (step.outputs ?? []).map((output) => output.name);
  if (step.kind === "human") return (step.form ?? []).map((field) => field.name);
  return [];
}

/** A tool step calls a tool the catalog has, sets every parameter it requires and none it does not take. */
export const toolInputs: Rule = ({ routine, tools }) => {
  if (!tools) return [];
  const issues: ValidationIssue[] = [];
  routine.steps.forEach((step, index) => {
    if (step.kind !== "tool") return;
    const tool = tools.getTool(step.tool);
    const at = (...path: (string | number)[]) => ({ stepId: step.id, path: ["steps", index, ...path] });
    if (!tool) {
      const catalog = tools.listTools?.() ?? [];
      const suggestions = suggestTools(step.tool.name, catalog).map(({ server, name }) => ({ server, name }));
      const names = listNames(
        suggestions.map((ref) => ref.name),
        3,
        "or",
      );
      const guess = suggestions.length === 0 ? "" : ` Perhaps you meant ${names}.`;
      const message = `${stepLabel(step)} uses the tool ${step.tool.name} on server "${step.tool.server}", which the tool catalog does not have.${guess}`;
      const found = issue("unknown-tool", message, at("tool"));
      return void issues.push(suggestions.length === 0 ? found : { ...found, suggestions });
    }
    const inputs = step.inputs ?? {};
    for (const name of tool.inputSchema.required ?? []) {
      if (Object.hasOwn(inputs, name)) continue;
      const message = `${stepLabel(step)} does not set "${name}", which the tool ${tool.name} requires.`;
      issues.push(issue("missing-required-input", message, at("inputs", name)));
    }
    const properties = tool.inputSchema.properties;
    if (!properties) return;
    for (const name of Object.keys(inputs)) {
      if (Object.hasOwn(properties, name)) continue;
      const message = `${stepLabel(step)} sets "${name}", which the tool ${tool.name} does not take.`;
      issues.push(issue("unknown-tool-input", message, at("inputs", name)));
    }
  });
  return issues;
};

/** An `input` binding names a declared routine input. */
export const inputReferences: Rule = ({ routine }) => {
  const declared = new Set((routine.inputs ?? []).map((input) => input.name));
  const issues: ValidationIssue[] = [];
  routine.steps.forEach((step, index) => {
    for (const [name, binding] of bindingsOf(step)) {
      if (binding.from !== "input" || declared.has(binding.name)) continue;
      const message = `${stepLabel(step)} takes "${name}" from the routine input "${binding.name}", which the routine does not declare.`;
      issues.push(issue("unknown-input", message, { stepId: step.id, path: ["steps", index, "inputs", name] }));
    }
  });
  return issues;
};

/** A `step` binding reads an existing output of a step that runs before this one. */
export const stepReferences: Rule = ({ graph }) => {
  const references: { node: number; name: string; source: number; output: string }[] = [];
  const issues: ValidationIssue[] = [];
  graph.steps.forEach((step, node) => {
    for (const [name, binding] of bindingsOf(step)) {
      if (binding.from !== "step") continue;
      const source = graph.nodeOf.get(binding.stepId);
      const output = String(binding.path).split(".")[0];
      if (source === undefined) {
        const message = `${stepLabel(step)} takes "${name}" from step "${binding.stepId}", which does not exist.`;
        issues.push(issue("unknown-step-reference", message, atNode(graph, node, "inputs", name)));
      } else if (source === node) {
        const message = `${stepLabel(step)} takes "${name}" from its own output "${output}"; a step can only use what earlier steps produced.`;
        issues.push(issue("reference-not-upstream", message, atNode(graph, node, "inputs", name)));
      } else {
        references.push({ node, name, source, output });
      }
    }
  });
  if (references.length === 0) return issues;
  const upstream = reachability(
    graph,
    references.map(({ source, node }) => [source, node] as const),
  );
  references.forEach(({ node, name, source, output }, index) => {
    const step = graph.steps[node];
    const from = graph.steps[source];
    const outputs = outputNames(from);
    const location = atNode(graph, node, "inputs", name);
    if (!upstream[index]) {
      const message = `${stepLabel(step)} takes "${name}" from "${quoted(from)}", which does not run before it.`;
      issues.push(issue("reference-not-upstream", message, location));
    } else if (!outputs.includes(output)) {
      const has = outputs.length === 0 ? "which has no outputs" : `whose outputs are ${listNames(outputs, 5)}`;
      const message = `${stepLabel(step)} takes "${name}" from the output "${output}" of "${quoted(from)}", ${has}.`;
      issues.push(issue("unknown-step-output", message, location));
    }
  });
  return issues;
};
