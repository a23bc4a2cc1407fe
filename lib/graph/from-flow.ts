import type { Edge, Routine, Step } from "../routine";
import type { XY } from "./to-flow";
import type { FlowNode, StepEdge } from "./types";

/** Moves smaller than this are treated as no move, so a round trip through relative positions is exact. */
const EPSILON = 1e-6;

/** The node fields position write-back needs; both FlowNode and React Flow's own Node satisfy it. */
export type PositionedNode = Pick<FlowNode, "id" | "position" | "parentId">;

/**
 * Writes canvas node positions back into the routine's steps, converting positions relative to a
 * stage into absolute ones. Immutable: returns the same routine when nothing moved, and keeps every
 * unmoved step object as it was. Nodes without a matching step (stages, stale nodes) are ignored.
 */
export function applyFlowPositions(routine: Routine, nodes: readonly PositionedNode[]): Routine {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  let changed = false;
  const steps = routine.steps.map((step): Step => {
    const node = byId.get(step.id);
    if (!node) return step;
    const position = absolutePosition(node, byId);
    if (step.position && samePoint(step.position, position)) return step;
    changed = true;
    return { ...step, position };
  });
  return changed ? { ...routine, steps } : routine;
}

/**
 * Reconciles the routine's edges with the canvas edges: edges removed from the canvas are removed,
 * reconnected ones take their new source and target, and each keeps its condition. Edges the canvas
 * never showed (an endpoint step is missing) are kept. New canvas edges are not added here: create
 * them with connectionToEdge. Returns the same routine when nothing changed.
 */
export function applyFlowEdges(
  routine: Routine,
  flowEdges: readonly Pick<StepEdge, "source" | "target" | "data">[],
): Routine {
  const byEdgeId = new Map<string, Pick<StepEdge, "source" | "target">>();
  for (const flowEdge of flowEdges) if (flowEdge.data) byEdgeId.set(flowEdge.data.edgeId, flowEdge);
  const stepIds = new Set(routine.steps.map((step) => step.id));

  let changed = false;
  const edges: Edge[] = [];
  for (const edge of routine.edges) {
    const flowEdge = byEdgeId.get(edge.id);
    if (!flowEdge) {
      const shown = stepIds.has(edge.source) && stepIds.has(edge.target);
      if (shown) changed = true;
      else edges.push(edge);
      continue;
    }
    if (flowEdge.source === edge.source && flowEdge.target === edge.target) {
      edges.push(edge);
    } else {
      changed = true;
      edges.push({ ...edge, source: flowEdge.source, target: flowEdge.target });
    }
  }
  return changed ? { ...routine, edges } : routine;
}

function absolutePosition(node: PositionedNode, byId: ReadonlyMap<string, PositionedNode>): XY {
  let x = node.position.x;
  let y = node.position.y;
  const visited = new Set([node.id]);
  let parent = node.parentId === undefined ? undefined : byId.get(node.parentId);
  while (parent && !visited.has(parent.id)) {
    visited.add(parent.id);
    x += parent.position.x;
    y += parent.position.y;
    parent = parent.parentId === undefined ? undefined : byId.get(parent.parentId);
  }
  return { x, y };
}

function samePoint(a: XY, b: XY): boolean {
  return Math.abs(a.x - b.x) < EPSILON && Math.abs(a.y - b.y) < EPSILON;
}
