import { parseExpression, referencedPaths } from "./expression";
import { describeStep, hasCapability, type Step } from "../../routine";
import { upcomingSteps, type RoutineIndex } from "./routine-graph";

/**
 * What a step needs of the outputs before it, in full (PAACE's "what the next steps need"): `stepId.output`, or
 * `*.output` for an output named without its step (an expression's bare name), `stepId.*` for all of a step's. Every way a step can read a value
 * counts:
 * - a `step` binding reads the output it names;
 * - a `model` binding, a skill's instruction and a step's completion criterion read what their words mention: an
 *   output by name (`leave_balance`, or `check.result` for a generic name) or a step by its name;
 * - a step with model-filled parts whose words mention no value reads the outputs of the steps just before it (the
 *   model then works from what flowed in, as the routine's author meant);
 * - a branch reads what its conditions' expressions name, and (decided by the model) what its labels mention.
 * `input` and `literal` bindings read no earlier output: the request and the run inputs are always in the prompt.
 */
export type NeedKey = string;

/** Output names too common to tie a mention to one step: they count only as `step.name` or with the step's name. */
const GENERIC_NAMES = new Set(["result", "output", "value", "data", "text", "answer", "items", "status", "id"]);

export function stepNeeds(step: Step, index: RoutineIndex): Set<NeedKey> {
  const needs = new Set<NeedKey>();
  const texts: string[] = [];
  let modelFilled = false;
  if ("inputs" in step) {
    for (const binding of Object.values(step.inputs)) {
      if (binding.from === "step") needs.add(`${binding.stepId}.${binding.path.split(".")[0]}`);
      if (binding.from === "model") {
        modelFilled = true;
        texts.push(binding.hint);
      }
    }
  }
  const kind = describeStep(step);
  if (kind.capabilities.modelDriven) {
    modelFilled = true;
    texts.push(kind.instructionOf(step) ?? "");
  }
  const completion = kind.completionOf(step);
  if (completion) texts.push(completion);
  if (kind.capabilities.choosesWay) {
    for (const edge of index.outgoing(step.id)) {
      const expression = edge.condition?.expression;
      if (!expression) {
        // No expression: the model decides the way from the label.
        modelFilled = true;
        texts.push(edge.condition?.label ?? "");
        continue;
      }
      try {
        for (const [root, next] of referencedPaths(parseExpression(expression))) {
          needs.add(`*.${root}`);
          if (next !== undefined) needs.add(`${root}.${next}`);
        }
      } catch {
        // An expression that does not parse fails its branch step with the reason; it needs nothing here.
      }
    }
  }
  if (modelFilled) texts.push(step.description);
  const mentioned = mentionedOutputs(texts.join("\n"), index, step.id);
  for (const key of mentioned) needs.add(key);
  if (modelFilled && mentioned.size === 0) for (const key of predecessorOutputs(step.id, index)) needs.add(key);
  return needs;
}

/** What the current step and the next k steps need (k = 0: the current step alone). */
export function neededAhead(index: RoutineIndex, current: Step | null, lookahead: number): Set<NeedKey> {
  const steps = current
    ? [current, ...upcomingSteps(index, current.id, Math.max(0, lookahead))]
    : index.start
      ? [index.start, ...upcomingSteps(index, index.start.id, Math.max(0, lookahead - 1))]
      : [];
  const needs = new Set<NeedKey>();
  for (const step of steps) for (const key of stepNeeds(step, index)) needs.add(key);
  return needs;
}

/** Whether `needs` asks for output `name` of step `stepId`. */
export function isNeeded(needs: ReadonlySet<NeedKey>, stepId: string, name: string): boolean {
  return needs.has(`${stepId}.${name}`) || needs.has(`*.${name}`) || needs.has(`${stepId}.*`);
}

/** Outputs the text names: `step.output`, an output's own (non-generic) name, or a step by its name (`step.*`: all). */
function mentionedOutputs(text: string, index: RoutineIndex, self: string): Set<NeedKey> {
  const found = new Set<NeedKey>();
  if (!text.trim()) return found;
  const lower = text.toLowerCase();
  // Words as written and split at dots, lower-cased: "Balance" names `balance`, "check.balance" names both ways.
  const words = new Set<string>();
  for (const word of lower.match(/[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?/g) ?? []) {
    words.add(word);
    for (const part of word.split(".")) words.add(part);
  }
  for (const step of index.routine.steps) {
    if (step.id === self || !hasCapability(step, "recordsOutputs")) continue;
    if (step.name.trim().length >= 4 && lower.includes(step.name.trim().toLowerCase())) found.add(`${step.id}.*`);
    if (!("outputs" in step)) continue;
    for (const output of step.outputs) {
      const name = output.name.toLowerCase();
      const qualified = words.has(`${step.id.toLowerCase()}.${name}`);
      const bare = !GENERIC_NAMES.has(name) && words.has(name);
      if (qualified || bare) found.add(`${step.id}.${output.name}`);
    }
  }
  return found;
}

/** The outputs of the steps that lead straight into `stepId`, looking through branches (they have no outputs). */
function predecessorOutputs(stepId: string, index: RoutineIndex): Set<NeedKey> {
  const found = new Set<NeedKey>();
  const seen = new Set<string>([stepId]);
  let frontier = [stepId];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const target of frontier) {
      for (const edge of index.routine.edges) {
        if (edge.target !== target || seen.has(edge.source)) continue;
        seen.add(edge.source);
        const source = index.step(edge.source);
        if (!source) continue;
        if (!hasCapability(source, "recordsOutputs")) next.push(source.id);
        else found.add(`${source.id}.*`);
      }
    }
    frontier = next;
  }
  return found;
}
