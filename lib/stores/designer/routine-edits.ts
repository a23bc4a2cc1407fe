import { freshEdgeId } from "../../graph";
import {
  type Edge,
  edgeSchema,
  kindOf,
  LIMITS,
  type Routine,
  type Step,
  type StepKind,
  stepSchema,
  type ToolDefinition,
} from "../../routine";
import { z } from "zod";

/** Pure, immutable edits of a Routine: the designer store's vocabulary. No React, testable alone. */

type Position = { x: number; y: number };

/** `<prefix><n>`: the first id not taken, counting up from `from`, so ids stay short and predictable. */
function firstFreeId(taken: ReadonlySet<string>, prefix: string, from: number): string {
  let n = from;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** `s<n>`: a fresh step id. */
export function freshStepId(routine: Routine): string {
  return firstFreeId(new Set(routine.steps.map((step) => step.id)), "s", routine.steps.length + 1);
}

/** `st<n>`: a fresh stage id. */
export function freshStageId(routine: Routine): string {
  return firstFreeId(new Set(routine.stages.map((stage) => stage.id)), "st", routine.stages.length + 1);
}

/** A new step of `kind` at `position`; a tool-calling step is pre-filled with the tool's parameters. */
export function makeStep(routine: Routine, kind: StepKind, position: Position, tool?: ToolDefinition): Step {
  const described = kindOf(kind);
  return described.draft(
    {
      id: freshStepId(routine),
      name: tool ? humanize(tool.name) : described.defaultName,
      description: tool?.description ?? "",
      position,
    },
    tool,
  );
}

function humanize(toolName: string): string {
  const words = toolName.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function addStep(routine: Routine, step: Step): Routine {
  return { ...routine, steps: [...routine.steps, step] };
}

/** Replaces step `id` with `update(step)`; the kind cannot change through here. */
export function updateStep(routine: Routine, id: string, update: (step: Step) => Step): Routine {
  const index = routine.steps.findIndex((step) => step.id === id);
  if (index < 0) return routine;
  const next = update(routine.steps[index]);
  if (next === routine.steps[index]) return routine;
  const steps = routine.steps.slice();
  steps[index] = next;
  return { ...routine, steps };
}

/** Removes steps and every edge touching them. */
export function removeSteps(routine: Routine, ids: ReadonlySet<string>): Routine {
  if (ids.size === 0) return routine;
  return {
    ...routine,
    steps: routine.steps.filter((step) => !ids.has(step.id)),
    edges: routine.edges.filter((edge) => !ids.has(edge.source) && !ids.has(edge.target)),
  };
}

export function removeEdges(routine: Routine, ids: ReadonlySet<string>): Routine {
  if (ids.size === 0) return routine;
  return { ...routine, edges: routine.edges.filter((edge) => !ids.has(edge.id)) };
}

export function addEdge(routine: Routine, edge: Edge): Routine {
  return { ...routine, edges: [...routine.edges, edge] };
}

export function updateEdge(routine: Routine, id: string, update: (edge: Edge) => Edge): Routine {
  return { ...routine, edges: routine.edges.map((edge) => (edge.id === id ? update(edge) : edge)) };
}

/** Adds an empty stage named `name`; the new stage's id comes back beside the routine. */
export function addStage(routine: Routine, name: string): { routine: Routine; stageId: string } {
  const stageId = freshStageId(routine);
  return { routine: { ...routine, stages: [...routine.stages, { id: stageId, name, description: "" }] }, stageId };
}

/** Puts the steps into stage `stageId`, or with `undefined` takes them out of any stage. */
export function assignStage(routine: Routine, stepIds: readonly string[], stageId: string | undefined): Routine {
  const chosen = new Set(stepIds);
  return { ...routine, steps: routine.steps.map((step) => (chosen.has(step.id) ? { ...step, stageId } : step)) };
}

export function renameStage(routine: Routine, stageId: string, name: string): Routine {
  return { ...routine, stages: routine.stages.map((stage) => (stage.id === stageId ? { ...stage, name } : stage)) };
}

/** Removes a stage; its steps stay, in no stage. */
export function removeStage(routine: Routine, stageId: string): Routine {
  return {
    ...routine,
    stages: routine.stages.filter((stage) => stage.id !== stageId),
    steps: routine.steps.map((step) => (step.stageId === stageId ? { ...step, stageId: undefined } : step)),
  };
}

/** What copy puts on the clipboard: the steps and the edges between them. */
export type Clipboard = { kind: "routine-studio/steps"; steps: Step[]; edges: Edge[] };

export function copySteps(routine: Routine, ids: ReadonlySet<string>): Clipboard {
  return {
    kind: "routine-studio/steps",
    steps: routine.steps.filter((step) => ids.has(step.id)),
    edges: routine.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target)),
  };
}

/**
 * Pastes clipboard steps with fresh ids, shifted by `offset`; bindings between pasted steps follow the new ids,
 * bindings to steps outside the paste are kept (validation flags them if they no longer make sense).
 */
export function pasteSteps(
  routine: Routine,
  clipboard: Clipboard,
  offset: Position,
): { routine: Routine; ids: string[] } {
  const idMap = new Map<string, string>();
  let probe = routine;
  for (const step of clipboard.steps) {
    const id = freshStepId(probe);
    idMap.set(step.id, id);
    probe = addStep(probe, { ...step, id });
  }
  const stageIds = new Set(routine.stages.map((stage) => stage.id));
  const pasted = clipboard.steps.map((step) =>
    remapStep(
      {
        ...step,
        id: idMap.get(step.id)!,
        stageId: step.stageId && stageIds.has(step.stageId) ? step.stageId : undefined,
      },
      idMap,
      offset,
    ),
  );
  let next: Routine = { ...routine, steps: [...routine.steps, ...pasted] };
  for (const edge of clipboard.edges) {
    next = addEdge(next, {
      ...edge,
      id: freshEdgeId(next.edges),
      source: idMap.get(edge.source)!,
      target: idMap.get(edge.target)!,
    });
  }
  return { routine: next, ids: [...idMap.values()] };
}

function remapStep(step: Step, idMap: Map<string, string>, offset: Position): Step {
  const position = step.position ? { x: step.position.x + offset.x, y: step.position.y + offset.y } : undefined;
  if (!("inputs" in step)) return { ...step, position };
  const inputs = Object.fromEntries(
    Object.entries(step.inputs).map(([name, binding]) => [
      name,
      binding.from === "step" && idMap.has(binding.stepId)
        ? { ...binding, stepId: idMap.get(binding.stepId)! }
        : binding,
    ]),
  );
  return { ...step, position, inputs } as Step;
}

const clipboardSchema = z.object({
  kind: z.literal("routine-studio/steps"),
  steps: z.array(stepSchema).max(LIMITS.steps),
  edges: z.array(edgeSchema).max(LIMITS.edges),
});

/** Reads pasted text as copied steps; anything else (or anything malformed) is not ours and yields null. */
export function parseClipboard(text: string): Clipboard | null {
  try {
    const parsed = clipboardSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
