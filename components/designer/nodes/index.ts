import type { EdgeTypes, NodeTypes } from "@xyflow/react";
import type { StepKind } from "@/lib/routine";
import { BranchNode } from "./branch-node";
import { StageNode } from "./stage-node";
import { StepEdge } from "./step-edge";
import { DesignerEndNode, DesignerStepNode } from "./step-node";

/** Each step kind's node: how many ways out it has decides its handles (the look itself is the kind's). */
export const DESIGNER_STEP_NODES = {
  tool: DesignerStepNode,
  skill: DesignerStepNode,
  branch: BranchNode,
  human: DesignerStepNode,
  routine: DesignerStepNode,
  end: DesignerEndNode,
} satisfies { readonly [K in StepKind]: NodeTypes[string] };

/** The canvas's node registry: one component per node type (module scope, so React Flow never re-mounts them). */
export const NODE_TYPES = { ...DESIGNER_STEP_NODES, stage: StageNode } satisfies NodeTypes;

export const EDGE_TYPES: EdgeTypes = { "step-edge": StepEdge };
