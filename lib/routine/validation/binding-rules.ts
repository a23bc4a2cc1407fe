import { describeStep, hasCapability, takesInputs } from "../kinds";
import type { Binding, Step } from "../schema";
import { reachability } from "./base/graph";
import { issue, listNames, quoted, stepLabel, type ValidationIssue } from "./base/issues";
import { atNode, type Rule } from "./base/rule";

// Both read steps that may have skipped the schema (a field missing), so each list defaults to empty.

/** The bindings of a step whose kind takes inputs. */
function bindingsOf(step: Step): [string, Binding][] {
  return takesInputs(step) ? Object.entries(step.inputs ?? {}) : [];
}

/** What later steps may read from a step: its outputs, or a human step's form fields. */
function outputNames(step: Step): string[] {
  if (!hasCapability(step, "recordsOutputs")) return [];
  return (describeStep(step).outputsOf(step) ?? []).map((output) => output.name);
}

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
