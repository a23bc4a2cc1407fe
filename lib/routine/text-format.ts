import type { Binding, Edge, Output, Param } from "./schema";
import { defaultEdgeId } from "./text-structure";

const WORD = /^[A-Za-z0-9_.+-]+$/;
const RESERVED_TARGETS = new Set(["none", "step", "branch"]);

/** Text inside an annotation: always a JSON string, so any character survives. */
export const quote = (text: string): string => JSON.stringify(text);

export function formatNumber(value: number): string {
  return Object.is(value, -0) ? "-0" : JSON.stringify(value);
}

export function formatToolPart(part: string): string {
  return WORD.test(part) ? part : quote(part);
}

export function formatTarget(id: string): string {
  return RESERVED_TARGETS.has(id.toLowerCase()) ? quote(id) : id;
}

export function formatBinding(name: string, binding: Binding): string {
  switch (binding.from) {
    case "input":
      return `[in ${name} = input ${binding.name}]`;
    case "step":
      return `[in ${name} = step ${binding.stepId}.${binding.path}]`;
    case "model":
      return binding.hint === "" ? `[in ${name} = model]` : `[in ${name} = model ${quote(binding.hint)}]`;
    case "literal":
      return `[in ${name} = ${JSON.stringify(binding.value)}]`;
  }
}

export function formatOutput(output: Output): string {
  return output.description === "" ? `[out ${output.name}]` : `[out ${output.name}: ${quote(output.description)}]`;
}

export function formatParam(keyword: "input" | "field", param: Param): string {
  let text = `[${keyword} ${param.name}`;
  if (param.type !== "string") text += `, type: ${param.type}`;
  if (!param.required) text += ", optional";
  if (param.description !== "") text += `, description: ${quote(param.description)}`;
  return `${text}]`;
}

/** The target and options of an explicit edge: `s5, id: e3, if: "approved", expr: "x > 1"`. */
export function formatEdgeSpec(edge: Edge): string {
  let text = formatTarget(edge.target);
  if (edge.id !== defaultEdgeId(edge.source, edge.target)) text += `, id: ${edge.id}`;
  if (edge.condition) text += `, if: ${quote(edge.condition.label)}`;
  if (edge.condition?.expression !== undefined) text += `, expr: ${quote(edge.condition.expression)}`;
  return text;
}
