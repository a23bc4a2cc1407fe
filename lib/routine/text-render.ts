import { hasCapability } from "./kinds";
import type { Edge, Routine, Step } from "./schema";
import { formatEdgeSpec, formatParam, quote } from "./text-format";
import { classifyLine } from "./text-lexer";
import { inferKind } from "./text-line";
import { choosePlainLine, stepAnnotationLines } from "./text-render-step";
import {
  branchLineFlags,
  defaultEdgeId,
  defaultEdges,
  finishIndex,
  FINISH,
  LabelTracker,
  type DefaultEdge,
  type Label,
} from "./text-structure";

/**
 * Writes a routine in the paper text form: plain `Step N.` / `Branch N-k Step i.` lines in the order of
 * `routine.steps`, each followed by the annotations that make the text exact (see the grammar in text-parse.ts).
 * parseRoutineText(renderRoutineText(r)) deep-equals r.
 */
export function renderRoutineText(routine: Routine): string {
  const { steps, edges } = routine;
  const firstIndex = new Map<string, number>();
  steps.forEach((step, index) => {
    if (!firstIndex.has(step.id)) firstIndex.set(step.id, index);
  });
  const outgoing: Edge[][] = steps.map(() => []);
  const orphans: Edge[] = [];
  for (const edge of edges) {
    const index = firstIndex.get(edge.source);
    if (index === undefined) orphans.push(edge);
    else outgoing[index].push(edge);
  }

  const labels = assignLabels(steps, outgoing, edges);
  const flags = branchLineFlags(labels);
  const tracker = new LabelTracker();
  const branchStarts = labels.map((label) => tracker.check(label).branchStart);
  const terminate = wantsTerminate(steps, labels, flags, outgoing);
  const groupMain = labels.map(() => -1);
  labels.forEach((label, index) => (groupMain[index] = label.type === "main" ? index : groupMain[index - 1]));
  const plains = steps.map((step, index) => {
    const from = branchStarts[index]
      ? outgoing[groupMain[index]].find((edge) => edge.target === step.id && edge.condition)
      : undefined;
    return choosePlainLine(step, {
      label: labels[index],
      branchStart: branchStarts[index],
      cond: from?.condition?.label,
      terminate: terminate[index],
    });
  });
  const defaults = defaultEdges(
    steps.map((step, index) => ({ ...plains[index].plain, label: labels[index], kind: step.kind, name: step.name })),
  );

  const lines = headerLines(routine, orphans);
  const natural = [...orphans];
  steps.forEach((step, index) => {
    const plain = plains[index].plain;
    const explicit = matchesDefaults(step.id, outgoing[index], defaults[index], steps) ? null : outgoing[index];
    const inferred = inferKind(plain, {
      tool: hasCapability(step, "callsTool"),
      routine: hasCapability(step, "startsChildRun"),
      branchLines: flags[index],
    });
    lines.push(plains[index].line);
    for (const line of stepAnnotationLines(step, plain, inferred, explicit)) lines.push(line);
    for (const edge of outgoing[index]) natural.push(edge);
  });
  if (natural.some((edge, index) => edge !== edges[index])) {
    const at = lines.indexOf("");
    lines.splice(at, 0, `[edge order: ${edges.map((edge) => edge.id).join(", ")}]`);
  }
  return `${lines.join("\n")}\n`;
}

function headerLines(routine: Routine, orphans: Edge[]): string[] {
  const lines = /[\r\n]/.test(routine.name) ? [`[name: ${quote(routine.name)}]`] : [`Routine: ${routine.name}`];
  lines.push(`[id: ${routine.id}]`);
  const { description } = routine;
  const prose =
    description !== "" &&
    description === description.trim() &&
    !/[\r\n]/.test(description) &&
    classifyLine(description).type === "prose";
  if (prose) lines.push(description);
  else if (description !== "") lines.push(`[description: ${quote(description)}]`);
  for (const intent of routine.intents) lines.push(`[intent: ${quote(intent)}]`);
  for (const input of routine.inputs) lines.push(formatParam("input", input));
  for (const stage of routine.stages) {
    lines.push(
      `[stage ${stage.id}: ${quote(stage.name)}${stage.description === "" ? "" : `, description: ${quote(stage.description)}`}]`,
    );
  }
  for (const edge of orphans) lines.push(`[edge from ${edge.source}: ${formatEdgeSpec(edge)}]`);
  lines.push("");
  return lines;
}

/**
 * Labels in array order: a branch step's conditional targets become its branches (`Branch N-k Step 1`), a branch
 * continues while the next step is reached only from the branch's last line, and anything else is a main step.
 */
function assignLabels(steps: Step[], outgoing: Edge[][], edges: Edge[]): Label[] {
  const incoming = new Map<string, number>();
  for (const edge of edges) incoming.set(edge.target, (incoming.get(edge.target) ?? 0) + 1);
  let n = 0;
  let group: { n: number; starts: Set<string>; k: number; i: number; last: number } | null = null;
  return steps.map((step, index): Label => {
    if (group) {
      const fromLast = group.k > 0 ? outgoing[group.last] : [];
      const continues =
        !hasCapability(step, "choosesWay") &&
        !group.starts.has(step.id) &&
        incoming.get(step.id) === 1 &&
        fromLast.some((edge) => edge.target === step.id && !edge.condition);
      if (continues) {
        group.i++;
        group.last = index;
        return { type: "branch", n: group.n, k: group.k, i: group.i };
      }
      if (group.starts.delete(step.id)) {
        group.k++;
        group.i = 1;
        group.last = index;
        return { type: "branch", n: group.n, k: group.k, i: 1 };
      }
    }
    n++;
    group = null;
    if (hasCapability(step, "choosesWay")) {
      const starts = new Set(
        outgoing[index].filter((edge) => edge.condition && edge.target !== step.id).map((edge) => edge.target),
      );
      group = { n, starts, k: 0, i: 0, last: index };
    }
    return { type: "main", n };
  });
}

/**
 * "… and terminate the workflow" where that, and only that, makes the default wiring match the step's edges; and on
 * end steps, where it reads naturally ("Step 6. End: terminate the workflow;") and wires nothing.
 */
function wantsTerminate(steps: Step[], labels: Label[], flags: boolean[], outgoing: Edge[][]): boolean[] {
  const skeleton = steps.map((step, index) => ({
    label: labels[index],
    kind: step.kind,
    name: step.name,
    terminate: false,
  }));
  const plain = defaultEdges(skeleton);
  const finish = finishIndex(skeleton);
  return steps.map((step, index) => {
    if (hasCapability(step, "endsRun")) return true;
    if ((labels[index].type === "main" && flags[index]) || finish === FINISH) return false;
    return (
      !matchesDefaults(step.id, outgoing[index], plain[index], steps) &&
      matchesDefaults(step.id, outgoing[index], [{ target: finish }], steps)
    );
  });
}

function matchesDefaults(source: string, actual: Edge[], wired: DefaultEdge[], steps: Step[]): boolean {
  if (actual.length !== wired.length) return false;
  return wired.every((wire, index) => {
    if (wire.target === FINISH) return false;
    const edge = actual[index];
    const target = steps[wire.target].id;
    if (edge.target !== target || edge.id !== defaultEdgeId(source, target)) return false;
    if (wire.label === undefined) return edge.condition === undefined;
    return (
      edge.condition !== undefined && edge.condition.label === wire.label && edge.condition.expression === undefined
    );
  });
}
