import type { Edge, Node } from "@xyflow/react";
import type { StepKind } from "../routine";

/**
 * A step node carries only its step's id: canvas components read the step itself from the store,
 * so editing a step in the inspector never rewrites the node array.
 */
export type StepNodeData = { stepId: string };

/** A canvas node for one step kind; React Flow picks the component by `type`. */
export type StepNodeOf<K extends StepKind> = Node<StepNodeData, K>;

/** Any step node, discriminated on `type` (the step's kind). */
export type StepNode = { [K in StepKind]: StepNodeOf<K> }[StepKind];

export type StageNodeData = { stageId: string };

/** A stage: a group node whose children are the stage's steps (their positions are relative to it). */
export type StageNode = Node<StageNodeData, "stage">;

/** Every node the designer canvas renders. Stage nodes come before their children in arrays. */
export type FlowNode = StepNode | StageNode;

export type FlowNodeType = FlowNode["type"];

/** `label` mirrors a branch edge's condition label, for drawing it on the edge. */
export type StepEdgeData = { edgeId: string; label?: string };

export type StepEdge = Edge<StepEdgeData, "step-edge">;

export const STEP_EDGE_TYPE = "step-edge" as const;

/** Handle ids the node components must render: one target handle, one source handle (except on branches). */
export const HANDLE = { in: "in", out: "out" } as const;

const BRANCH_HANDLE_PREFIX = "branch:";
const STAGE_NODE_PREFIX = "stage:";

/** The source handle of one outgoing branch edge; stable for the edge's lifetime. */
export function branchHandleId(edgeId: string): string {
  return `${BRANCH_HANDLE_PREFIX}${edgeId}`;
}

/** The edge id a branch handle belongs to, or undefined when the handle is not a branch handle. */
export function edgeIdFromBranchHandle(handleId: string | null | undefined): string | undefined {
  return handleId?.startsWith(BRANCH_HANDLE_PREFIX) ? handleId.slice(BRANCH_HANDLE_PREFIX.length) : undefined;
}

/** Stage node ids are prefixed so they never collide with step ids (which cannot contain ':'). */
export function stageNodeId(stageId: string): string {
  return `${STAGE_NODE_PREFIX}${stageId}`;
}

export function isStageNode(node: FlowNode): node is StageNode {
  return node.type === "stage";
}
