import type { ElkNode } from "elkjs/lib/elk-api";
import type { Routine, Step } from "../routine/schema";
import { elkStepId, toElkGraph, type LayoutDirection } from "./elk-graph";

export type { LayoutDirection } from "./elk-graph";

/** What layoutRoutine needs of ELK; pass a worker-backed `new ELK({ workerUrl })` to keep the page responsive. */
export type ElkLayouter = { layout(graph: ElkNode): Promise<ElkNode> };

export type LayoutRoutineOptions = { direction: LayoutDirection; elk?: ElkLayouter };

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
 * side the layout flows to. Self-loops and edges to missing steps are ignored.
 */
export async function layoutRoutine(routine: Routine, options: LayoutRoutineOptions): Promise<Routine> {
  if (routine.steps.length === 0) return routine;
  const elk = options.elk ?? (await bundledElk());
  const result = await elk.layout(toElkGraph(routine, options.direction));

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
  return { ...routine, steps };
}
