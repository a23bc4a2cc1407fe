"use client";

import { ReadOnlyCanvas, type ReadOnlyCanvasProps } from "@/components/canvas";
import type { FlowNode, StepEdge } from "@/lib/graph";

/** No closer than life size, with room around the graph: a small routine is not blown up to fill the screen. */
const FIT_VIEW_OPTIONS = { maxZoom: 1, padding: 0.15 };

type Props = Pick<ReadOnlyCanvasProps, "nodeTypes" | "edgeTypes" | "fitAll" | "testId" | "label"> & {
  flow: { nodes: FlowNode[]; edges: StepEdge[] };
  /** A node was picked (clicked, or Enter on it). */
  onSelect: (nodeId: string) => void;
};

/** The frame both pictures of a run are drawn in, its steps and its stages: read only, fitted the same way. */
export function RunFlowCanvas({ flow, onSelect, ...props }: Props) {
  return (
    <ReadOnlyCanvas
      nodes={flow.nodes}
      edges={flow.edges}
      onSelectStep={onSelect}
      fitViewOptions={FIT_VIEW_OPTIONS}
      {...props}
    />
  );
}
