import type { ToolRef } from "../../schema";
import { suggestTools } from "../../tool-suggestions";
import { issue, listNames, stepLabel, type ValidationIssue } from "../../validation/base/issues";
import type { Rule } from "../../validation/base/rule";
import type { StepKindRules } from "../validation-types";

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

const keyOf = (tool: ToolRef) => `${tool.server}/${tool.name}`;

/** Each tool step calls a tool of the routine's actor's toolkit (an actor only ever calls the tools an admin gave it). */
export const toolkitTools: Rule = ({ routine, actors }) => {
  const actor = routine.actorId === undefined ? undefined : actors?.find((entry) => entry.id === routine.actorId);
  if (!actor) return [];
  const issues: ValidationIssue[] = [];
  const allowed = new Set(actor.tools.map(keyOf));
  const toolkit = actor.toolkitName ? `the toolkit "${actor.toolkitName}"` : `the toolkit of "${actor.name}"`;
  routine.steps.forEach((step, index) => {
    if (step.kind !== "tool" || allowed.has(keyOf(step.tool))) return;
    const message = `${stepLabel(step)} calls "${step.tool.name}", which is not in ${toolkit}, so the actor "${actor.name}" may not call it. An admin adds it to the toolkit, or choose another actor.`;
    issues.push(issue("tool-outside-toolkit", message, { stepId: step.id, path: ["steps", index, "tool"] }));
  });
  return issues;
};

export const toolRules: StepKindRules = { tools: [toolInputs], routines: [], actors: [], toolkits: [toolkitTools] };
