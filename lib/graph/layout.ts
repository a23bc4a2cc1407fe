import type { ElkNode } from "elkjs/lib/elk-api";
import type { Routine, Step } from "../routine";
import { elkStepId, toElkGraph, type LayoutDirection } from "./elk-graph";
import { NODE_SIZE } from "./sizes";
import { canWrap, wrapIntoRows } from "./wrap-rows";

export type { LayoutDirection } from "./elk-graph";

/** What layoutRoutine needs of ELK; pass a worker-backed `new ELK({ workerUrl })` to keep the page responsive. */
export type ElkLayouter = { layout(graph: ElkNode): Promise<ElkNode> };

export type LayoutRoutineOptions = {
  direction: LayoutDirection;
  elk?: ElkLayouter;
  /** Fold a small routine's band into rows that fit a canvas legibly (wrapIntoRows); on unless false. */
  wrap?: boolean;
};

let bundled: Promise<ElkLayouter> | undefined;

/**
 * Loaded on first use: the bundled ELK is ~1.6 MB, so pages only fetch it when they lay something out.
 * It runs in the calling thread, in Node and in the browser alike, with no worker file to serve.
 */
function bundledElk(): Promise<ElkLayouter> {
  bundled ??= import("elkjs/lib/elk.bundled.js").then(
    ({ default: ELK }) => new ELK(),
    (error: unknown) => {
      bundled = undefined; // a failed chunk load is retried on the next layout
      throw error;
    },
  );
  return bundled;
}

/**
 * Lays a routine out with ELK's layered algorithm and returns it with every step's position set
 * (absolute, in whole pixels, sized by NODE_SIZE). Each stage's steps are laid out together in a box
 * of their own (see toElkGraph). Branch edges leave their branch in the routine's edge order, on the
 * side the layout flows to. Self-loops and edges to missing steps are ignored. A small routine's band is then
 * folded into rows (wrapIntoRows) unless `wrap` is false.
 */
export async function layoutRoutine(routine: Routine, options: LayoutRoutineOptions): Promise<Routine> {
  if (routine.steps.length === 0) return routine;
  const elk = options.elk ?? (await bundledElk());
  const wrap = options.wrap !== false && canWrap(routine);
  const result = await elk.layout(toElkGraph(routine, options.direction, wrap));

  const positions = new Map<string, { x: number; y: number }>();
  const collect = (node: ElkNode, offsetX: number, offsetY: number) => {
    for (const child of node.children ?? []) {
      const x = offsetX + (child.x ?? 0);
      const y = offsetY + (child.y ?? 0);
      positions.set(child.id, { x, y });
      collect(child, x, y);
    }
  };
  collect(result, 0, 0);

  const steps = routine.steps.map((step, index): Step => {
    const position = positions.get(elkStepId(index)) ?? { x: 0, y: 0 };
    return { ...step, position: { x: Math.round(position.x), y: Math.round(position.y) } };
  });
  const laidOut = { ...routine, steps };
  return wrap ? wrapIntoRows(laidOut, options.direction) : laidOut;
}

/** True when some step has no position yet (a routine from paper text, JSON without positions, or a text edit). */
export function hasUnpositionedSteps(routine: Routine): boolean {
  return routine.steps.some((step) => !step.position);
}

/**
 * Gives every step a position. A routine with none at all (paper text, JSON without positions, a blank routine)
 * is laid out left to right in full; one where only some steps lack a position (lines added in the text view)
 * keeps the analyst's arrangement and places each new step beside the step it follows (placeNewSteps). Returns the
 * routine itself when every step has a position.
 */
export async function layoutIfUnpositioned(
  routine: Routine,
  options: Partial<LayoutRoutineOptions> = {},
): Promise<Routine> {
  if (!hasUnpositionedSteps(routine)) return routine;
  if (routine.steps.every((step) => !step.position)) return layoutRoutine(routine, { direction: "RIGHT", ...options });
  return placeNewSteps(routine);
}

const GAP = 60;

/**
 * Places steps without a position to the right of their first positioned predecessor (below any step already
 * there), or below everything when they follow none. Positioned steps do not move.
 */
export function placeNewSteps(routine: Routine): Routine {
  const placed = new Map<string, { x: number; y: number }>();
  for (const step of routine.steps) if (step.position) placed.set(step.id, step.position);
  const byId = new Map(routine.steps.map((step) => [step.id, step]));
  const taken = (x: number, y: number, width: number, height: number) =>
    [...placed.entries()].some(([id, at]) => {
      const size = NODE_SIZE[byId.get(id)!.kind];
      return x < at.x + size.width && at.x < x + width && y < at.y + size.height && at.y < y + height;
    });
  const bottom = () =>
    Math.max(0, ...[...placed.entries()].map(([id, at]) => at.y + NODE_SIZE[byId.get(id)!.kind].height));
  // Repeat so a chain of new steps is placed one after another, each beside the one it follows.
  for (let pending = routine.steps.filter((step) => !step.position); pending.length > 0;) {
    const next =
      pending.find((step) => routine.edges.some((edge) => edge.target === step.id && placed.has(edge.source))) ??
      pending[0]!;
    const size = NODE_SIZE[next.kind];
    const from = routine.edges.find((edge) => edge.target === next.id && placed.has(edge.source));
    let x = 0;
    let y = bottom() + GAP;
    if (from) {
      const source = placed.get(from.source)!;
      x = source.x + NODE_SIZE[byId.get(from.source)!.kind].width + GAP;
      y = source.y;
      while (taken(x, y, size.width, size.height)) y += size.height + GAP / 2;
    }
    placed.set(next.id, { x, y });
    pending = pending.filter((step) => step !== next);
  }
  return {
    ...routine,
    steps: routine.steps.map((step) => (step.position ? step : { ...step, position: placed.get(step.id)! })),
  };
}
