"use client";

import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { StepEdge as StepEdgeType } from "@/lib/graph";

/** A connection; a branch's way out carries its condition as a label. */
export const StepEdge = memo(function StepEdge(props: EdgeProps<StepEdgeType>) {
  const [path, labelX, labelY] = getBezierPath(props);
  const label = props.data?.label;
  return (
    <>
      <BaseEdge path={path} markerEnd={props.markerEnd} style={{ strokeWidth: props.selected ? 2.5 : 1.5 }} />
      {label ? (
        <EdgeLabelRenderer>
          <div
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            className="nodrag nopan pointer-events-auto absolute max-w-44 truncate rounded-md border border-border bg-surface px-1.5 py-0.5 text-xs text-foreground shadow-sm"
            data-testid={`edge-label-${props.data?.edgeId}`}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
});
