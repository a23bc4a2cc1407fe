import { callsTool, describeStep, hasCapability, takesInputs } from "./kinds";
import { textOfStep } from "./kinds/text";
import type { Binding, Edge, Output, Step, StepKind } from "./schema";
import { formatBinding, formatEdgeSpec, formatNumber, formatOutput, quote } from "./text-format";
import { classifyLine } from "./text-lexer";
import {
  BRANCH_PHRASE,
  conditionLead,
  humanize,
  identifierise,
  parseStepBody,
  plainInputs,
  plainOutputs,
  splitStepLine,
  TERMINATE_PHRASE,
  type PlainStep,
} from "./text-line";
import { formatLabel, type Label } from "./text-structure";

const PLAIN_TOOL = /^[A-Za-z0-9_.-]+$/;

export type PlainWish = { label: Label; branchStart: boolean; cond?: string; terminate: boolean };

/**
 * The richest plain line whose reading is exact or can be corrected by annotations: with the description, then
 * without it, then without input/output words, then bare. Returns the line and how the parser will read it.
 */
export function choosePlainLine(step: Step, wish: PlainWish): { line: string; plain: PlainStep } {
  const name =
    step.name
      .split(/[\r\n:]/)
      .map((part) => part.trim())
      .filter((part) => part !== "")
      .join(" ") || "Step";
  const head = `${formatLabel(wish.label)}. ${name}`;
  const description = /[\r\n]/.test(step.description) ? "" : step.description;
  const lead =
    wish.branchStart && wish.cond !== undefined && !/[\r\n]/.test(wish.cond)
      ? conditionLead(wish.cond, description)
      : description;
  const io = takesInputs(step) ? ioClauses(step) : [];
  const toolName = describeStep(step).toolOf(step)?.name;
  const tool = toolName !== undefined && PLAIN_TOOL.test(toolName) ? [`using ${toolName} tool`] : [];
  const candidates = [[lead, ...io, ...tool], [...io, ...tool], tool, []];
  let fallback: { line: string; plain: PlainStep } | undefined;
  for (const [index, parts] of candidates.entries()) {
    const line = `${head}${bodyOf(
      parts.filter((part) => part !== ""),
      hasCapability(step, "choosesWay"),
      wish.terminate,
    )}`;
    const plain = readBack(line, wish.branchStart);
    if (!plain || !acceptable(plain, step)) continue;
    if (
      index > 0 ||
      (plain.description === step.description && plain.cond === (wish.branchStart ? wish.cond : undefined))
    )
      return { line, plain };
    fallback ??= { line, plain };
  }
  return (
    fallback ?? {
      line: `${head};`,
      plain: { name, description: "", terminate: false, branchCheck: false, inputs: [], outputs: [] },
    }
  );
}

function bodyOf(parts: string[], branch: boolean, terminate: boolean): string {
  let body = parts.join(", ");
  if (terminate) body = body ? `${body} and ${TERMINATE_PHRASE}` : TERMINATE_PHRASE;
  if (branch) body = body ? `${BRANCH_PHRASE}: ${body}` : `${BRANCH_PHRASE}:`;
  if (body === "") return ";";
  return `: ${body}${body.endsWith(":") ? "" : ";"}`;
}

function readBack(line: string, branchStart: boolean): PlainStep | undefined {
  const kind = classifyLine(line);
  if (kind.type !== "step") return undefined;
  const { name, body } = splitStepLine(line.slice(kind.rest));
  return name === "" ? undefined : { name, ...parseStepBody(body, branchStart) };
}

/** Whatever the plain words add that the step does not have must be something an annotation can take back. */
function acceptable(plain: PlainStep, step: Step): boolean {
  if (plain.tool !== undefined && !callsTool(step)) return false;
  if (!takesInputs(step)) return plain.inputs.length === 0 && plain.outputs.length === 0;
  if (plain.inputs.length > 0 && Object.keys(step.inputs).length === 0) return false;
  return plain.outputs.length === 0 || step.outputs.length > 0;
}

function ioClauses(step: { inputs: Record<string, Binding>; outputs: Output[] }): string[] {
  const item = (name: string, words: string | undefined) =>
    words !== undefined && identifierise(words) === name && safeItem(words) ? words : humanize(name);
  const inputs = Object.entries(step.inputs).map(([name, binding]) =>
    item(name, binding.from === "model" ? binding.hint : undefined),
  );
  const outputs = step.outputs.map((output) => item(output.name, output.description));
  const clauses: string[] = [];
  if (inputs.length > 0) clauses.push(`input ${inputs.join(", ")}`);
  if (outputs.length > 0) clauses.push(`output ${outputs.join(", ")}`);
  return clauses;
}

function safeItem(words: string): boolean {
  return words.trim() === words && words !== "" && !/[,;\r\n]|\sand\s/i.test(words);
}

/** The annotation lines under a step: everything its plain line does not say exactly. */
export function stepAnnotationLines(
  step: Step,
  plain: PlainStep,
  inferred: StepKind,
  explicitEdges: Edge[] | null,
): string[] {
  const facts = [`[id: ${step.id}]`];
  if (inferred !== step.kind) facts.push(`[kind: ${step.kind}]`);
  if (plain.name !== step.name) facts.push(`[name: ${quote(step.name)}]`);
  if (plain.description !== step.description) facts.push(`[description: ${quote(step.description)}]`);
  const text = textOfStep(step);
  facts.push(...text.headFacts(step));
  if (step.stageId !== undefined) facts.push(`[stage: ${step.stageId}]`);
  if (step.position) facts.push(`[position: ${formatNumber(step.position.x)}, ${formatNumber(step.position.y)}]`);
  facts.push(...text.settingFacts(step));

  const data: string[] = [];
  if (takesInputs(step)) {
    if (!sameInputs(plainInputs(plain.inputs), step.inputs))
      for (const [name, binding] of Object.entries(step.inputs)) data.push(formatBinding(name, binding));
    if (!sameOutputs(plainOutputs(plain.outputs), step.outputs))
      for (const output of step.outputs) data.push(formatOutput(output));
  }
  data.push(...text.dataLines(step));

  const wiring =
    explicitEdges === null
      ? []
      : explicitEdges.length === 0
        ? [`[next: none]`]
        : explicitEdges.map((edge) => `[next: ${formatEdgeSpec(edge)}]`);
  return [facts, data, wiring].filter((group) => group.length > 0).map((group) => `    ${group.join(" ")}`);
}

function sameInputs(plain: Record<string, Binding>, actual: Record<string, Binding>): boolean {
  const keys = Object.keys(actual);
  if (keys.length !== Object.keys(plain).length) return false;
  return keys.every((key) => {
    const mine = plain[key];
    const theirs = actual[key];
    return Object.hasOwn(plain, key) && mine.from === "model" && theirs.from === "model" && mine.hint === theirs.hint;
  });
}

function sameOutputs(plain: Output[], actual: Output[]): boolean {
  return (
    plain.length === actual.length &&
    plain.every(
      (output, index) => output.name === actual[index].name && output.description === actual[index].description,
    )
  );
}
