"use client";

import {
  BaseEdge,
  EdgeLabelRenderer,
  type EdgeProps,
  type EdgeTypes,
  type NodeProps,
  type NodeTypes,
} from "@xyflow/react";
import { MessageSquare } from "lucide-react";
import { createContext, memo, useContext } from "react";
import {
  HandleAnchors,
  SimplifiedNode,
  StageFrame,
  STEP_KIND_INFO,
  stepEdgeDrawing,
  useSimplifiedDrawing,
} from "@/components/canvas";
import { cn } from "@/components/ui";
import { NODE_SIZE, type StageNode, type StepEdge, type StepNode } from "@/lib/graph";
import type { DiffStatus, SideStatuses } from "@/lib/review-rules";
import type { Routine, Step } from "@/lib/routine";
import { DIFF_STYLE } from "./diff-style";

/** What the nodes of one review canvas read: the side's routine and colours (the nodes carry only ids). */
export type ReviewCanvasData = {
  steps: ReadonlyMap<string, Step>;
  outgoing: ReadonlyMap<string, string[]>;
  stageNames: ReadonlyMap<string, string>;
  statuses: SideStatuses;
  /** Open comments per step (the proposed side only). */
  commentCounts: Readonly<Record<string, number>>;
};

export const ReviewCanvasContext = createContext<ReviewCanvasData | null>(null);

function useCanvasData(): ReviewCanvasData {
  const data = useContext(ReviewCanvasContext);
  if (!data) throw new Error("Review nodes render inside <ReviewCanvasContext>");
  return data;
}

/** Builds the context value for one side. */
export function canvasData(
  routine: Routine,
  statuses: SideStatuses,
  commentCounts: Readonly<Record<string, number>>,
  outgoing: ReadonlyMap<string, string[]>,
): ReviewCanvasData {
  return {
    steps: new Map(routine.steps.map((step) => [step.id, step])),
    outgoing,
    stageNames: new Map(routine.stages.map((stage) => [stage.id, stage.name])),
    statuses,
    commentCounts,
  };
}

/**
 * A step as the review shows it: the designer's look (icon, name, tool), framed in its diff colour with the
 * status in words (colour is never the only cue), and a comment count. Read only: its handles are invisible
 * anchors for the edges, placed where lib/graph says they are.
 */
const ReviewStepNode = memo(function ReviewStepNode({ data, selected }: NodeProps<StepNode>) {
  const canvas = useCanvasData();
  const simplified = useSimplifiedDrawing();
  const step = canvas.steps.get(data.stepId);
  if (!step) return null;
  const status: DiffStatus = canvas.statuses.steps[step.id] ?? "unchanged";
  const style = DIFF_STYLE[status];
  const info = STEP_KIND_INFO[step.kind];
  const Icon = info.icon;
  const size = NODE_SIZE[step.kind];
  const comments = canvas.commentCounts[step.id] ?? 0;
  const frame = cn("rounded-xl border-2", style.node, selected && "ring-4 ring-accent/40");
  const handles = <HandleAnchors step={step} outgoing={canvas.outgoing.get(step.id) ?? []} />;
  if (simplified) {
    return (
      <SimplifiedNode
        data-testid={`review-node-${step.id}`}
        data-diff={status}
        name={step.name}
        nameTestId="review-node-name"
        title={`${step.name} (${style.label})`}
        size={size}
        className={cn(frame, "bg-surface", status === "removed" && "line-through decoration-danger/60")}
      >
        {handles}
      </SimplifiedNode>
    );
  }
  return (
    <div
      data-testid={`review-node-${step.id}`}
      data-diff={status}
      data-selected={selected || undefined}
      style={size}
      className={cn("relative flex items-center gap-3 px-3 shadow-sm", frame)}
    >
      {handles}
      <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted", info.accent)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            "line-clamp-2 text-[0.9375rem] leading-tight font-medium break-words text-foreground",
            status === "removed" && "line-through decoration-danger/60",
          )}
          data-testid="review-node-name"
        >
          {step.name}
        </span>
        {step.kind === "end" ? null : (
          <span className="block truncate text-xs text-muted">
            {step.kind === "tool" ? step.tool.name : info.label}
          </span>
        )}
      </span>
      {/* Pinned to the frame, so the step's name keeps the node's width. */}
      {status !== "unchanged" ? (
        <span
          className={cn(
            "absolute -top-2 right-2 rounded-full px-1.5 text-[10px] font-semibold uppercase leading-4 shadow-sm",
            style.tag,
          )}
        >
          {style.label}
        </span>
      ) : null}
      {comments > 0 ? (
        <span
          className="absolute -bottom-2 right-2 flex items-center gap-0.5 rounded-full bg-accent px-1.5 text-xs font-medium leading-4 text-accent-foreground shadow-sm"
          title={`${comments} open comment(s)`}
          data-testid="review-node-comments"
        >
          <MessageSquare className="size-3" aria-hidden="true" />
          {comments}
        </span>
      ) : null}
    </div>
  );
});

const ReviewStageNode = memo(function ReviewStageNode({ data, width, height }: NodeProps<StageNode>) {
  const name = useCanvasData().stageNames.get(data.stageId) ?? "Stage";
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
  const canvas = useCanvasData();
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

export const REVIEW_NODE_TYPES: NodeTypes = {
  tool: ReviewStepNode,
  skill: ReviewStepNode,
  human: ReviewStepNode,
  routine: ReviewStepNode,
  end: ReviewStepNode,
  branch: ReviewStepNode,
  stage: ReviewStageNode,
};

export const REVIEW_EDGE_TYPES: EdgeTypes = { "step-edge": ReviewEdge };
