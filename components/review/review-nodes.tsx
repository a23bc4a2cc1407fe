"use client";

import {
  BaseEdge,
  EdgeLabelRenderer,
  type EdgeProps,
  type EdgeTypes,
  type NodeProps,
  type NodeTypes,
} from "@xyflow/react";
import { memo } from "react";
import { StageFrame, stepEdgeDrawing, useSimplifiedDrawing } from "@/components/canvas";
import type { StageNode, StepEdge } from "@/lib/graph";
import type { DiffStatus } from "@/lib/review-rules";
import type { StepKind } from "@/lib/routine";
import { useReviewCanvasData } from "./review-canvas-context";
import { ReviewStepNode } from "./review-step-node";

const ReviewStageNode = memo(function ReviewStageNode({ data, width, height }: NodeProps<StageNode>) {
  const name = useReviewCanvasData().stageNames.get(data.stageId) ?? "Stage";
  return <StageFrame name={name} width={width} height={height} />;
});

const EDGE_COLOUR: Record<DiffStatus, string> = {
  added: "var(--success)",
  removed: "var(--danger)",
  changed: "var(--warning)",
  unchanged: "var(--muted)",
};

/** A connection in its diff colour (dashed when removed); a branch's way out keeps its condition label. */
const ReviewEdge = memo(function ReviewEdge(props: EdgeProps<StepEdge>) {
  const canvas = useReviewCanvasData();
  const simplified = useSimplifiedDrawing();
  const edgeId = props.data?.edgeId ?? props.id;
  const status: DiffStatus = canvas.statuses.edges[edgeId] ?? "unchanged";
  const label = props.data?.label;
  // A branch's way out runs in its own lane, its label near the branch (lib/graph/edge-route.ts).
  const { path, labelTransform } = stepEdgeDrawing(props, Boolean(label));
  const stroke = EDGE_COLOUR[status];
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={simplified ? undefined : props.markerEnd}
        style={{
          stroke,
          strokeWidth: status === "unchanged" ? 1.5 : 2.5,
          strokeDasharray: status === "removed" ? "6 4" : undefined,
        }}
      />
      {label && !simplified ? (
        <EdgeLabelRenderer>
          <div
            style={{
              transform: labelTransform,
              borderColor: status === "unchanged" ? undefined : stroke,
            }}
            className="nodrag nopan absolute max-w-44 truncate rounded-md border border-border bg-surface px-1.5 py-0.5 text-xs text-foreground shadow-sm"
            data-testid={`review-edge-label-${edgeId}`}
            data-diff={status}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
});

/** Every step kind is drawn the same way here: its look (components/step-kinds), framed in its diff colour. */
export const REVIEW_STEP_NODES = {
  tool: ReviewStepNode,
  skill: ReviewStepNode,
  branch: ReviewStepNode,
  human: ReviewStepNode,
  routine: ReviewStepNode,
  end: ReviewStepNode,
} satisfies { readonly [K in StepKind]: NodeTypes[string] };

/** Module scope, so React Flow never re-mounts the nodes. */
export const REVIEW_NODE_TYPES = { ...REVIEW_STEP_NODES, stage: ReviewStageNode } satisfies NodeTypes;

export const REVIEW_EDGE_TYPES: EdgeTypes = { "step-edge": ReviewEdge };
