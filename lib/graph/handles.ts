import type { NodeHandle } from "@xyflow/react";
import { hasCapability, type Routine, type Step } from "../routine";
import { NODE_SIZE } from "./sizes";
import { HANDLE, branchHandleId } from "./types";

/** The side of a handle's square as the node components draw it (`size-2.5`, 10 px). */
export const HANDLE_SIZE = 10;

/**
 * Where a step node's handles sit, as React Flow would measure them: the way in centred on the left edge, the way
 * out centred on the right; a branch has one way out per outgoing edge, in the routine's edge order, spread down its
 * right edge, and below them the handle to draw a new condition from (components/designer/nodes/branch-node.tsx
 * places them the same way). Given to React Flow with the node's size, it draws edges at once and never has to
 * measure a thousand nodes' handles on opening.
 */
export function stepHandles(step: Step, outgoingEdgeIds: readonly string[]): NodeHandle[] {
  const { width, height } = NODE_SIZE[step.kind];
  const half = HANDLE_SIZE / 2;
  const at = (type: "source" | "target", id: string, x: number, fraction: number): NodeHandle => ({
    id,
    type,
    position: (x === 0 ? "left" : "right") as NodeHandle["position"],
    x: x - half,
    y: height * fraction - half,
    width: HANDLE_SIZE,
    height: HANDLE_SIZE,
  });
  const target = at("target", HANDLE.in, 0, 0.5);
  if (hasCapability(step, "endsRun")) return [target];
  if (!hasCapability(step, "choosesWay")) return [target, at("source", HANDLE.out, width, 0.5)];
  const slots = outgoingEdgeIds.length + 1;
  return [
    target,
    ...outgoingEdgeIds.map((edgeId, index) => at("source", branchHandleId(edgeId), width, (index + 1) / (slots + 1))),
    at("source", HANDLE.out, width, slots / (slots + 1)),
  ];
}

/** Each step's outgoing edge ids, in the routine's edge order (the order branch handles are drawn in). */
export function outgoingEdgeIds(routine: Routine): Map<string, string[]> {
  const outgoing = new Map<string, string[]>();
  for (const edge of routine.edges) {
    const list = outgoing.get(edge.source);
    if (list) list.push(edge.id);
    else outgoing.set(edge.source, [edge.id]);
  }
  return outgoing;
}
