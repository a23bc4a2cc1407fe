import { getBezierPath, getSmoothStepPath, type EdgeProps } from "@xyflow/react";
import { edgeLabelDrawing, wrapLaneY, type EdgeLabelDrawing } from "@/lib/graph";

/**
 * The drawing every canvas gives a step edge: a branch's way out in its own lane with its label near the branch
 * (lib/graph/edge-route.ts); an edge that wraps to the next row of a folded routine as right angles through the gap
 * between the rows (a curve would cut across both rows); any other edge as React Flow's bezier.
 */
export function stepEdgeDrawing(props: EdgeProps, labelled: boolean): EdgeLabelDrawing {
  const source = { x: props.sourceX, y: props.sourceY };
  const target = { x: props.targetX, y: props.targetY };
  const laneY = wrapLaneY(source, target);
  const fallback =
    laneY === undefined ? getBezierPath(props) : getSmoothStepPath({ ...props, centerY: laneY, borderRadius: 8 });
  return edgeLabelDrawing(source, target, labelled, fallback);
}
