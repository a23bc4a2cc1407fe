"use client";

import {
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  type EdgeTypes,
  type FitViewOptions,
  type NodeChange,
  type NodeMouseHandler,
  type NodeTypes,
  type OnMoveStart,
  type Viewport,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useTheme } from "next-themes";
import { useCallback, useRef, useState } from "react";
import { drawsOnlyInView, type FlowNode, type StepEdge } from "@/lib/graph";
import { CANVAS_MAX_ZOOM, CANVAS_MIN_ZOOM, DEFAULT_EDGE_OPTIONS, PRO_OPTIONS } from "./canvas-options";
import { FitOnGrowth } from "./fit-on-growth";
import { SimplifiedDrawingContext, useCanvasSimplified } from "./simplified-drawing";
import { useOpeningViewport } from "./use-opening-viewport";

export type ReadOnlyCanvasProps = {
  nodes: FlowNode[];
  edges: StepEdge[];
  /** Module-scope registries, so React Flow never re-mounts the nodes. */
  nodeTypes: NodeTypes;
  edgeTypes: EdgeTypes;
  /** A step was picked: clicked (also when already selected), or Enter on a focused node. Never a stage. */
  onSelectStep: (stepId: string) => void;
  /** React Flow unselected a step (a click on the empty pane, say). */
  onUnselectStep?: (stepId: string) => void;
  /**
   * A controlled viewport (with onViewportChange); without one the canvas opens where useOpeningViewport says, or
   * fitted with `fitViewOptions` when it had no size then (a hidden tab).
   */
  viewport?: Viewport;
  onViewportChange?: (viewport: Viewport) => void;
  fitViewOptions?: FitViewOptions;
  /**
   * Every node in view rather than the legible opening: fitted with `fitViewOptions` once React Flow has measured the
   * nodes, and again whenever nodes are added until the person pans or zooms. For a graph that grows as it runs (a
   * planned run's), where opening on the first step left later nodes, the answer among them, off screen.
   */
  fitAll?: boolean;
  testId: string;
  label: string;
};

/**
 * The frame the review and run canvases share: nothing to drag, connect or delete, keyboard selection of steps,
 * the colour mode of the resolved theme, and the zoom level handed to nodes and edges through SimplifiedDrawingContext
 * (with no dot grid when zoomed far out, where it is a grey haze that costs a repaint per frame).
 */
export function ReadOnlyCanvas(props: ReadOnlyCanvasProps) {
  return (
    <ReactFlowProvider>
      <CanvasFrame {...props} />
    </ReactFlowProvider>
  );
}

function CanvasFrame({
  nodes,
  edges,
  nodeTypes,
  edgeTypes,
  onSelectStep,
  onUnselectStep,
  viewport,
  onViewportChange,
  fitViewOptions,
  fitAll = false,
  testId,
  label,
}: ReadOnlyCanvasProps) {
  const { resolvedTheme } = useTheme();
  const simplified = useCanvasSimplified();
  const frame = useRef<HTMLDivElement>(null);
  const opening = useOpeningViewport(frame, () => nodes);
  const controlled = viewport !== undefined;
  const opensFitted = !controlled && (fitAll || !opening?.viewport);
  // A move with an input event is the person's (a fit or the zoom buttons have none): stop following the graph.
  const [following, setFollowing] = useState(true);
  const onMoveStart: OnMoveStart = useCallback((event) => {
    if (event) setFollowing(false);
  }, []);
  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const picked = changes.find(
        (change) => change.type === "select" && change.selected && !change.id.startsWith("stage:"),
      );
      if (picked && picked.type === "select") return onSelectStep(picked.id);
      for (const change of changes) if (change.type === "select" && !change.selected) onUnselectStep?.(change.id);
    },
    [onSelectStep, onUnselectStep],
  );
  // A click on the step already selected changes no selection, yet should still show its details.
  const onNodeClick: NodeMouseHandler<FlowNode> = useCallback(
    (_event, node) => {
      if (node.type !== "stage") onSelectStep(node.id);
    },
    [onSelectStep],
  );
  return (
    <div ref={frame} className="h-full w-full" data-testid={testId} role="group" aria-label={label}>
      {controlled || opening ? (
        <SimplifiedDrawingContext value={simplified}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
            onNodesChange={onNodesChange}
            onNodeClick={onNodeClick}
            viewport={viewport}
            onViewportChange={onViewportChange}
            defaultViewport={opensFitted || controlled ? undefined : opening?.viewport}
            fitView={opensFitted}
            fitViewOptions={fitViewOptions}
            onMoveStart={fitAll && following ? onMoveStart : undefined}
            nodesDraggable={false}
            nodesConnectable={false}
            edgesFocusable={false}
            deleteKeyCode={null}
            multiSelectionKeyCode={null}
            selectionKeyCode={null}
            minZoom={CANVAS_MIN_ZOOM}
            maxZoom={CANVAS_MAX_ZOOM}
            proOptions={PRO_OPTIONS}
            onlyRenderVisibleElements={drawsOnlyInView(nodes.length)}
            colorMode={resolvedTheme === "dark" ? "dark" : "light"}
          >
            {simplified ? null : <Background gap={20} size={1} />}
            <Controls showInteractive={false} />
            {fitAll && !controlled ? (
              <FitOnGrowth nodeCount={nodes.length} following={following} options={fitViewOptions} />
            ) : null}
          </ReactFlow>
        </SimplifiedDrawingContext>
      ) : null}
    </div>
  );
}
