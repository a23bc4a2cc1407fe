import type { Binding, Edge, Output, Step, StepKind } from "./schema";
import {
  formatBinding,
  formatEdgeSpec,
  formatNumber,
  formatOutput,
  formatParam,
  formatToolPart,
  quote,
} from "./text-format";
import { classifyLine } from "./text-lexer";
import {
  BRANCH_PHRASE,
  conditionLead,
  humanize,
  identifierise,
  KINDS_WITH_IO,
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
  const io = KINDS_WITH_IO.has(step.kind) ? ioClauses(step as Extract<Step, { inputs: unknown }>) : [];
  const tool = step.kind === "tool" && PLAIN_TOOL.test(step.tool.name) ? [`using ${step.tool.name} tool`] : [];
  const candidates = [[lead, ...io, ...tool], [...io, ...tool], tool, []];
  let fallback: { line: string; plain: PlainStep } | undefined;
  for (const [index, parts] of candidates.entries()) {
    const line = `${head}${bodyOf(
      parts.filter((part) => part !== ""),
      step.kind === "branch",
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
  if (plain.tool !== undefined && step.kind !== "tool") return false;
  if (!("inputs" in step)) return plain.inputs.length === 0 && plain.outputs.length === 0;
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
  if (step.kind === "tool") facts.push(`[tool: ${formatToolPart(step.tool.server)}/${formatToolPart(step.tool.name)}]`);
  if (step.kind === "routine") facts.push(`[routine: ${step.routineId}]`);
  if (step.stageId !== undefined) facts.push(`[stage: ${step.stageId}]`);
  if (step.position) facts.push(`[position: ${formatNumber(step.position.x)}, ${formatNumber(step.position.y)}]`);
  if ((step.kind === "skill" || step.kind === "human") && step.instruction !== "")
    facts.push(`[instruction: ${quote(step.instruction)}]`);
  if ((step.kind === "tool" || step.kind === "skill") && step.completion !== undefined)
    facts.push(`[completion: ${quote(step.completion)}]`);
  if (step.kind === "tool") {
    if (step.timeoutMs !== undefined) facts.push(`[timeout: ${step.timeoutMs}]`);
    if (step.retry) facts.push(`[retry: ${step.retry.maxAttempts} x ${step.retry.backoffMs}]`);
    if (step.requiresApproval) facts.push("[approval]");
  }
  if (step.kind === "end" && step.outcome !== undefined) facts.push(`[outcome: ${quote(step.outcome)}]`);

  const data: string[] = [];
  if ("inputs" in step && !sameInputs(plainInputs(plain.inputs), step.inputs)) {
    for (const [name, binding] of Object.entries(step.inputs)) data.push(formatBinding(name, binding));
  }
  if ("outputs" in step && !sameOutputs(plainOutputs(plain.outputs), step.outputs))
    for (const output of step.outputs) data.push(formatOutput(output));
  if (step.kind === "human") for (const field of step.form) data.push(formatParam("field", field));

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
