"use client";

import { BaseEdge, EdgeLabelRenderer, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import { stepEdgeDrawing, useSimplifiedDrawing } from "@/components/canvas";
import { cn } from "@/components/ui";
import type { StepEdge } from "@/lib/graph";
import { selectEdgeTaken } from "@/lib/stores/run-view";
import { useRunView } from "../run-view-context";

/** A connection, drawn bold in the accent colour once the run went along it; a branch's label names its condition. */
export const RunEdge = memo(function RunEdge(props: EdgeProps<StepEdge>) {
  const taken = useRunView((state) =>
    selectEdgeTaken(state, { id: props.id, source: props.source, target: props.target }),
  );
  const simplified = useSimplifiedDrawing();
  const label = props.data?.label;
  // A branch's way out runs in its own lane, its label near the branch (lib/graph/edge-route.ts).
  const { path, labelTransform } = stepEdgeDrawing(props, Boolean(label));
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={simplified ? undefined : props.markerEnd}
        style={
          taken
            ? { stroke: "var(--accent)", strokeWidth: 3 }
            : { strokeWidth: 1.5, strokeDasharray: "4 4", opacity: 0.7 }
        }
      />
      {label && !simplified ? (
        <EdgeLabelRenderer>
          <div
            style={{ transform: labelTransform }}
            className={cn(
              "nodrag nopan absolute max-w-44 truncate rounded-md border px-1.5 py-0.5 text-xs shadow-sm",
              taken ? "border-accent bg-accent-soft font-medium text-accent" : "border-border bg-surface text-muted",
            )}
            data-testid={`run-edge-label-${props.id}`}
            data-taken={taken || undefined}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
      <g data-testid={`run-edge-${props.id}`} data-taken={taken ? "true" : "false"} />
    </>
  );
});
