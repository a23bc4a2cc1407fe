"use client";

import type { NodeProps } from "@xyflow/react";
import { MessageSquare } from "lucide-react";
import { memo } from "react";
import { HandleAnchors, SimplifiedNode, useSimplifiedDrawing } from "@/components/canvas";
import { STEP_KIND_LOOKS, stepDetailLine } from "@/components/step-kinds";
import { cn } from "@/components/ui";
import { NODE_SIZE, type StepNode } from "@/lib/graph";
import type { DiffStatus } from "@/lib/review-rules";
import { DIFF_STYLE } from "./diff-style";
import { useReviewCanvasData } from "./review-canvas-context";

/**
 * A step as the review shows it: the designer's look (icon, name, the kind's detail line), framed in its diff
 * colour with the status in words (colour is never the only cue), and a comment count. Read only: its handles are
 * invisible anchors for the edges, placed where lib/graph says they are.
 */
export const ReviewStepNode = memo(function ReviewStepNode({ data, selected }: NodeProps<StepNode>) {
  const canvas = useReviewCanvasData();
  const simplified = useSimplifiedDrawing();
  const step = canvas.steps.get(data.stepId);
  if (!step) return null;
  const status: DiffStatus = canvas.statuses.steps[step.id] ?? "unchanged";
  const style = DIFF_STYLE[status];
  const look = STEP_KIND_LOOKS[step.kind];
  const Icon = look.icon;
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
  const detail = stepDetailLine(step);
  return (
    <div
      data-testid={`review-node-${step.id}`}
      data-diff={status}
      data-selected={selected || undefined}
      style={size}
      className={cn("relative flex items-center gap-3 px-3 shadow-sm", frame)}
    >
      {handles}
      <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted", look.accent)}>
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
        {detail === null ? null : <span className="block truncate text-xs text-muted">{detail}</span>}
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
