"use client";

import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { StepEdge as StepEdgeType } from "@/lib/graph";
import { useZoomedOut } from "@/components/canvas";

/**
 * A connection; a branch's way out carries its condition as a label. Zoomed out too far to read (useZoomedOut),
 * the label and the arrowhead are left out: a thousand markers a few pixels wide cost a repaint on every pan frame
 * and show nothing the line's direction into the next node does not.
 */
export const StepEdge = memo(function StepEdge(props: EdgeProps<StepEdgeType>) {
  const zoomedOut = useZoomedOut();
  const [path, labelX, labelY] = getBezierPath(props);
  const label = props.data?.label;
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={zoomedOut ? undefined : props.markerEnd}
        style={{ strokeWidth: props.selected ? 2.5 : 1.5 }}
      />
      {label && !zoomedOut ? <EdgeLabel label={label} x={labelX} y={labelY} edgeId={props.data?.edgeId} /> : null}
    </>
  );
});

/** The condition on a branch's way out. */
function EdgeLabel({ label, x, y, edgeId }: { label: string; x: number; y: number; edgeId?: string }) {
  return (
    <EdgeLabelRenderer>
      <div
        style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
        className="nodrag nopan pointer-events-auto absolute max-w-44 truncate rounded-md border border-border bg-surface px-1.5 py-0.5 text-xs text-foreground shadow-sm"
        data-testid={`edge-label-${edgeId}`}
      >
        {label}
      </div>
    </EdgeLabelRenderer>
  );
}
