"use client";

import type { Viewport } from "@xyflow/react";
import { useCallback, useMemo } from "react";
import { ReadOnlyCanvas } from "@/components/canvas";
import type { FlowNode, RoutineFlow } from "@/lib/graph";
import { ReviewCanvasContext, type ReviewCanvasData } from "./review-canvas-context";
import { REVIEW_EDGE_TYPES, REVIEW_NODE_TYPES } from "./review-nodes";

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
export function ReviewCanvas({
  flow,
  data,
  selectedStepId,
  onSelect,
  viewport,
  onViewportChange,
  testId,
  label,
}: Props) {
  const nodes = useMemo(() => withSelection(flow.nodes, selectedStepId), [flow.nodes, selectedStepId]);
  const onUnselectStep = useCallback(
    (stepId: string) => {
      if (stepId === selectedStepId) onSelect(null);
    },
    [onSelect, selectedStepId],
  );
  return (
    <ReviewCanvasContext value={data}>
      <ReadOnlyCanvas
        nodes={nodes}
        edges={flow.edges}
        nodeTypes={REVIEW_NODE_TYPES}
        edgeTypes={REVIEW_EDGE_TYPES}
        onSelectStep={onSelect}
        onUnselectStep={onUnselectStep}
        viewport={viewport}
        onViewportChange={onViewportChange}
        testId={testId}
        label={label}
      />
    </ReviewCanvasContext>
  );
}

/** The nodes with `selected` set on the chosen step only; unchanged nodes keep their objects. */
function withSelection(nodes: FlowNode[], selectedStepId: string | null): FlowNode[] {
  return nodes.map((node) => {
    const selected = node.id === selectedStepId;
    return Boolean(node.selected) === selected ? node : { ...node, selected };
  });
}
