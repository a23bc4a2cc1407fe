"use client";

import { Background, Controls, MarkerType, ReactFlow, ReactFlowProvider, type NodeChange, type Viewport } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useTheme } from "next-themes";
import { useCallback, useMemo } from "react";
import { useCanvasZoomedOut, ZoomedOutContext } from "@/components/designer/nodes/use-zoomed-out";
import type { FlowNode, RoutineFlow } from "@/lib/graph";
import { REVIEW_EDGE_TYPES, REVIEW_NODE_TYPES, ReviewCanvasContext, type ReviewCanvasData } from "./review-nodes";

const DEFAULT_EDGE_OPTIONS = { type: "step-edge", markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } };
const PRO_OPTIONS = { hideAttribution: true };
export const REVIEW_MIN_ZOOM = 0.05;
export const REVIEW_MAX_ZOOM = 2;

type Props = {
  flow: RoutineFlow;
  data: ReviewCanvasData;
  selectedStepId: string | null;
  onSelect: (stepId: string | null) => void;
  viewport: Viewport;
  onViewportChange: (viewport: Viewport) => void;
  testId: string;
  label: string;
};

/**
 * One read-only review canvas. Its viewport is controlled by the pair (ReviewCanvases), so panning or zooming
 * either canvas moves both; its selection too, so a step picked on one side is picked on the other.
 */
export function ReviewCanvas(props: Props) {
  return (
    <ReactFlowProvider>
      <CanvasBody {...props} />
    </ReactFlowProvider>
  );
}

function CanvasBody({ flow, data, selectedStepId, onSelect, viewport, onViewportChange, testId, label }: Props) {
  const { resolvedTheme } = useTheme();
  const zoomedOut = useCanvasZoomedOut();
  const nodes = useMemo(() => withSelection(flow.nodes, selectedStepId), [flow.nodes, selectedStepId]);
  // Selection arrives as React Flow's select changes (a click, or Enter on a focused node); nothing else changes.
  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const picked = changes.find((change) => change.type === "select" && change.selected && !change.id.startsWith("stage:"));
      if (picked && picked.type === "select") return onSelect(picked.id);
      if (changes.some((change) => change.type === "select" && !change.selected && change.id === selectedStepId)) onSelect(null);
    },
    [onSelect, selectedStepId],
  );
  // A click on the step already selected changes no selection, yet should still show its details.
  const onNodeClick = useCallback((_event: unknown, node: FlowNode) => {
    if (node.type !== "stage") onSelect(node.id);
  }, [onSelect]);
  return (
    <div className="h-full w-full" data-testid={testId} role="group" aria-label={label}>
      <ReviewCanvasContext value={data}>
        <ZoomedOutContext value={zoomedOut}>
          <ReactFlow
            nodes={nodes}
            edges={flow.edges}
            nodeTypes={REVIEW_NODE_TYPES}
            edgeTypes={REVIEW_EDGE_TYPES}
            defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
            onNodesChange={onNodesChange}
            onNodeClick={onNodeClick}
            viewport={viewport}
            onViewportChange={onViewportChange}
            nodesDraggable={false}
            nodesConnectable={false}
            edgesFocusable={false}
            deleteKeyCode={null}
            multiSelectionKeyCode={null}
            selectionKeyCode={null}
            minZoom={REVIEW_MIN_ZOOM}
            maxZoom={REVIEW_MAX_ZOOM}
            proOptions={PRO_OPTIONS}
            colorMode={resolvedTheme === "dark" ? "dark" : "light"}
          >
            {zoomedOut ? null : <Background gap={20} size={1} />}
            <Controls showInteractive={false} />
          </ReactFlow>
        </ZoomedOutContext>
      </ReviewCanvasContext>
    </div>
  );
}

/** The nodes with `selected` set on the chosen step only; unchanged nodes keep their objects. */
function withSelection(nodes: FlowNode[], selectedStepId: string | null): FlowNode[] {
  return nodes.map((node) => {
    const selected = node.id === selectedStepId;
    return Boolean(node.selected) === selected ? node : { ...node, selected };
  });
}
