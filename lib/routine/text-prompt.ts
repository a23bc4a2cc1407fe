import { describeStep, hasCapability, takesInputs } from "./kinds";
import type { Binding, Output, Routine, Step } from "./schema";
import { BRANCH_PHRASE, conditionLead, humanize, TERMINATE_PHRASE } from "./text-line";
import { renderRoutineText } from "./text-render";

/** What of the routine an agent's prompt carries: the paper's text, or step numbers and names only (Table 3). */
export type RoutinePromptVariant = "full" | "ablated";

const LABEL = /^(Step \d+|Branch \d+-\d+ Step \d+)\. /;
const MAX_ITEM_CHARS = 60;

/**
 * The `Step N` / `Branch N-k Step i` label of each step, in the order of `routine.steps`, as the paper text numbers
 * them. Read off renderRoutineText's plain lines so the prompt, the progress list and the editor's text agree.
 */
export function routinePromptLabels(routine: Routine): string[] {
  return plainLines(routine).map((line) => line.label);
}

/**
 * The routine as an agent's prompt carries it: the paper's plain text form (ROUTINE-PAPER.md) with no annotations —
 * the routine's name and description, then one line per step (`Step 3. Check leave balance: look up …, input
 * employee id, output remaining days, using get_leave_balance tool;`, branch lines `Branch 4-1 Step 1. Approve: If …`).
 * "ablated" keeps only the step labels and names: no tool names, no input/output descriptions, no step
 * descriptions, as the paper's ablation does.
 */
export function renderRoutinePrompt(
  routine: Routine,
  options: {
    variant: RoutinePromptVariant;
    /** Only these steps' lines (a plan-aware window); a closing line says where the others are. */
    steps?: ReadonlySet<string>;
  },
): string {
  const lines = [`Routine: ${oneLine(routine.name)}`];
  if (routine.description.trim() !== "") lines.push(oneLine(routine.description));
  lines.push("");
  const plains = plainLines(routine);
  let left = 0;
  routine.steps.forEach((step, index) => {
    if (options.steps && !options.steps.has(step.id)) {
      left++;
      return;
    }
    const { label, terminate } = plains[index];
    const name = stepName(step);
    if (options.variant === "ablated") lines.push(`${label}. ${name};`);
    else lines.push(`${label}. ${name}${body(step, routine, label, terminate)}`);
  });
  if (left > 0) lines.push(`(${left} other step${left === 1 ? " is" : "s are"} listed under Progress by name.)`);
  return `${lines.join("\n")}\n`;
}

/** Labels and "terminate the workflow" flags from the canonical rendering (one unindented line per step). */
function plainLines(routine: Routine): Array<{ label: string; terminate: boolean }> {
  const text = renderRoutineText(routine);
  const body = text.slice(text.indexOf("\n\n") + 2).split("\n");
  const steps = body.filter((line) => line !== "" && !/^\s/.test(line));
  return routine.steps.map((_, index) => {
    const line = steps[index] ?? "";
    const label = LABEL.exec(line)?.[1] ?? `Step ${index + 1}`;
    return { label, terminate: line.endsWith(`${TERMINATE_PHRASE};`) };
  });
}

function body(step: Step, routine: Routine, label: string, terminate: boolean): string {
  const description = oneLine(step.description);
  const cond = label.startsWith("Branch ") && label.endsWith(" Step 1") ? branchCondition(step, routine) : undefined;
  const lead = cond ? conditionLead(cond, description) : description;
  const parts = [lead];
  if (takesInputs(step)) parts.push(...ioClauses(step.inputs, step.outputs));
  const tool = describeStep(step).toolOf(step);
  if (tool) parts.push(`using ${tool.name} tool`);
  let text = parts.filter((part) => part !== "").join(", ");
  if (terminate) text = text ? `${text} and ${TERMINATE_PHRASE}` : TERMINATE_PHRASE;
  if (hasCapability(step, "choosesWay")) text = text ? `${BRANCH_PHRASE}: ${text}` : `${BRANCH_PHRASE}:`;
  if (text === "") return ";";
  return `: ${text}${text.endsWith(":") ? "" : ";"}`;
}

/** The label of the conditional edge from a branch step into the first step of one of its branches. */
function branchCondition(step: Step, routine: Routine): string | undefined {
  const branches = new Set(
    routine.steps.filter((other) => hasCapability(other, "choosesWay")).map((other) => other.id),
  );
  const edge = routine.edges.find((candidate) => candidate.target === step.id && branches.has(candidate.source));
  const text = edge?.condition?.label.trim();
  return text ? oneLine(text) : undefined;
}

function ioClauses(inputs: Record<string, Binding>, outputs: Output[]): string[] {
  const clauses: string[] = [];
  const inputItems = Object.entries(inputs).map(([name, binding]) =>
    item(name, binding.from === "model" ? binding.hint : undefined),
  );
  if (inputItems.length > 0) clauses.push(`input ${inputItems.join(", ")}`);
  if (outputs.length > 0)
    clauses.push(`output ${outputs.map((output) => item(output.name, output.description)).join(", ")}`);
  return clauses;
}

/** A parameter as the paper writes it: its own short words when they read as one item, else its name humanized. */
function item(name: string, words: string | undefined): string {
  const text = words?.trim();
  return text && text.length <= MAX_ITEM_CHARS && !/[,;\r\n]/.test(text) ? text : humanize(name);
}

function stepName(step: Step): string {
  return (
    step.name
      .split(/[\r\n:]/)
      .map((part) => part.trim())
      .filter((part) => part !== "")
      .join(" ") || "Step"
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
