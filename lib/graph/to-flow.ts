import { hasCapability, type Edge, type Routine, type Step } from "../routine";
import { outgoingEdgeIds, stepHandles } from "./handles";
import { EMPTY_STAGE_SIZE, NODE_SIZE, STAGE_PADDING, type Size } from "./sizes";
import {
  HANDLE,
  STEP_EDGE_TYPE,
  branchHandleId,
  stageNodeId,
  type FlowNode,
  type StageNode,
  type StepEdge,
  type StepNode,
} from "./types";

export type XY = { x: number; y: number };

export type RoutineFlow = {
  /** Stage group nodes first, then step nodes in the routine's order. */
  nodes: FlowNode[];
  edges: StepEdge[];
  /** Steps without a position (placed at the origin): the caller should run auto-layout. */
  unpositioned: string[];
};

export type RoutineToFlowOptions = {
  /** Absolute positions that override the steps' own, e.g. while a drag is in progress. */
  positions?: ReadonlyMap<string, XY>;
};

const EMPTY_STAGE_GAP = 40;

/**
 * Builds React Flow nodes and edges from a routine. Steps of a stage become children of the stage's
 * group node, positioned relative to it; the stage's box is derived from its steps' bounds.
 * Edges whose source or target step is missing are left out (validation reports them).
 */
export function routineToFlow(routine: Routine, options: RoutineToFlowOptions = {}): RoutineFlow {
  const unpositioned: string[] = [];
  const absolute = new Map<Step, XY>();
  for (const step of routine.steps) {
    const position = options.positions?.get(step.id) ?? step.position;
    if (!position) unpositioned.push(step.id);
    absolute.set(step, position ? { x: position.x, y: position.y } : { x: 0, y: 0 });
  }

  const stageNodes = stageGroupNodes(routine, absolute);
  const stageOrigin = new Map(stageNodes.map((node) => [node.data.stageId, node.position]));

  const outgoing = outgoingEdgeIds(routine);
  const stepNodes = routine.steps.map((step): StepNode => {
    const position = absolute.get(step) as XY;
    const origin = step.stageId === undefined ? undefined : stageOrigin.get(step.stageId);
    // The size and handles up front, as React Flow would measure them: it then draws nodes and edges at once, the
    // canvas computes its first viewport (lib/graph/viewport.ts), and opening a thousand steps needs no measuring
    // pass (React Flow still observes each node and re-measures one whose size differs).
    const size = NODE_SIZE[step.kind];
    const base = {
      id: step.id,
      type: step.kind,
      data: { stepId: step.id },
      ...size,
      measured: size,
      handles: stepHandles(step, outgoing.get(step.id) ?? []),
    };
    if (!origin) return { ...base, position };
    return {
      ...base,
      position: { x: position.x - origin.x, y: position.y - origin.y },
      parentId: stageNodeId(step.stageId as string),
    };
  });

  return { nodes: [...stageNodes, ...stepNodes], edges: flowEdges(routine), unpositioned };
}

/** The React Flow edge for one routine edge; branch edges leave their source by their own handle. */
export function edgeToFlow(edge: Edge, sourceKind: Step["kind"]): StepEdge {
  return {
    id: edge.id,
    type: STEP_EDGE_TYPE,
    source: edge.source,
    target: edge.target,
    sourceHandle: hasCapability(sourceKind, "choosesWay") ? branchHandleId(edge.id) : HANDLE.out,
    targetHandle: HANDLE.in,
    data: edge.condition ? { edgeId: edge.id, label: edge.condition.label } : { edgeId: edge.id },
  };
}

function flowEdges(routine: Routine): StepEdge[] {
  const kindById = new Map(routine.steps.map((step) => [step.id, step.kind]));
  const edges: StepEdge[] = [];
  for (const edge of routine.edges) {
    const sourceKind = kindById.get(edge.source);
    if (sourceKind === undefined || !kindById.has(edge.target)) continue;
    edges.push(edgeToFlow(edge, sourceKind));
  }
  return edges;
}

type Box = { x: number; y: number; right: number; bottom: number };

function stepBox(step: Step, position: XY): Box {
  const size: Size = NODE_SIZE[step.kind];
  return { x: position.x, y: position.y, right: position.x + size.width, bottom: position.y + size.height };
}

function union(a: Box | undefined, b: Box): Box {
  if (!a) return b;
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
  };
}

/** Group nodes sized to their steps plus padding; stages with no steps go in a row below everything. */
function stageGroupNodes(routine: Routine, absolute: ReadonlyMap<Step, XY>): StageNode[] {
  const boxes = new Map<string, Box>();
  let everything: Box | undefined;
  const stageIds = new Set(routine.stages.map((stage) => stage.id));
  for (const step of routine.steps) {
    const box = stepBox(step, absolute.get(step) as XY);
    everything = union(everything, box);
    if (step.stageId !== undefined && stageIds.has(step.stageId))
      boxes.set(step.stageId, union(boxes.get(step.stageId), box));
  }

  let emptyX = everything?.x ?? 0;
  const emptyY = everything ? everything.bottom + EMPTY_STAGE_GAP : 0;
  const nodes: StageNode[] = [];
  const seen = new Set<string>();
  for (const stage of routine.stages) {
    if (seen.has(stage.id)) continue;
    seen.add(stage.id);
    const box = boxes.get(stage.id);
    const base = { id: stageNodeId(stage.id), type: "stage" as const, data: { stageId: stage.id } };
    if (box) {
      const { top, right, bottom, left } = STAGE_PADDING;
      const size = { width: box.right - box.x + left + right, height: box.bottom - box.y + top + bottom };
      nodes.push({ ...base, position: { x: box.x - left, y: box.y - top }, ...size, measured: size });
    } else {
      nodes.push({ ...base, position: { x: emptyX, y: emptyY }, ...EMPTY_STAGE_SIZE, measured: EMPTY_STAGE_SIZE });
      emptyX += EMPTY_STAGE_SIZE.width + EMPTY_STAGE_GAP;
    }
  }
  return nodes;
}
