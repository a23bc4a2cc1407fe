import type { EdgeTypes, NodeTypes } from "@xyflow/react";
import { BranchNode } from "./branch-node";
import { StageNode } from "./stage-node";
import { StepEdge } from "./step-edge";
import { StepNode } from "./step-node";

/** The canvas's node registry: one component per node type (module scope, so React Flow never re-mounts them). */
export const NODE_TYPES: NodeTypes = {
  tool: StepNode,
  skill: StepNode,
  human: StepNode,
  routine: StepNode,
  end: StepNode,
  branch: BranchNode,
  stage: StageNode,
};

export const EDGE_TYPES: EdgeTypes = { "step-edge": StepEdge };
