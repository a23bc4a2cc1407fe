"use client";

import { BaseEdge, EdgeLabelRenderer, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { StepEdge as StepEdgeType } from "@/lib/graph";
import { stepEdgeDrawing, useSimplifiedDrawing } from "@/components/canvas";

/**
 * A connection; a branch's way out carries its condition as a label. Zoomed out too far to read (useSimplifiedDrawing),
 * the label and the arrowhead are left out: a thousand markers a few pixels wide cost a repaint on every pan frame
 * and show nothing the line's direction into the next node does not.
 */
export const StepEdge = memo(function StepEdge(props: EdgeProps<StepEdgeType>) {
  const simplified = useSimplifiedDrawing();
  const label = props.data?.label;
  // A branch's way out runs in its own lane, its label near the branch (lib/graph/edge-route.ts).
  const { path, labelTransform } = stepEdgeDrawing(props, Boolean(label));
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={simplified ? undefined : props.markerEnd}
        style={{ strokeWidth: props.selected ? 2.5 : 1.5 }}
      />
      {label && !simplified ? <EdgeLabel label={label} transform={labelTransform} edgeId={props.data?.edgeId} /> : null}
    </>
  );
});

/** The condition on a branch's way out. */
function EdgeLabel({ label, transform, edgeId }: { label: string; transform: string; edgeId?: string }) {
  return (
    <EdgeLabelRenderer>
      <div
        style={{ transform }}
        className="nodrag nopan pointer-events-auto absolute max-w-44 truncate rounded-md border border-border bg-surface px-1.5 py-0.5 text-xs text-foreground shadow-sm"
        data-testid={`edge-label-${edgeId}`}
      >
        {label}
      </div>
    </EdgeLabelRenderer>
  );
}
