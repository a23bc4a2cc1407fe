"use client";

import { Background, ControlButton, Controls, MiniMap, ReactFlow, useReactFlow, type Connection } from "@xyflow/react";
import { Map as MapIcon } from "lucide-react";
import "@xyflow/react/dist/style.css";
import { useTheme } from "next-themes";
import { useRef, useState, type DragEvent } from "react";
import { useDesigner, useDesignerApi } from "./designer-context";
import { NODE_TYPES, EDGE_TYPES } from "./nodes";
import {
  CANVAS_MAX_ZOOM,
  CANVAS_MIN_ZOOM,
  DEFAULT_EDGE_OPTIONS,
  PRO_OPTIONS,
  useCanvasSimplified,
  useOpeningViewport,
  SimplifiedDrawingContext,
} from "@/components/canvas";
import { DRAG_MIME, type DragPayload } from "./drag-payload";
import { drawsOnlyInView } from "@/lib/graph";
import type { ToolDefinition } from "@/lib/routine";
import type { DesignerStoreState } from "@/lib/stores/designer";

const selectCanvas = (state: DesignerStoreState) => ({
  nodes: state.nodes,
  edges: state.edges,
  canEdit: state.canEdit,
  onNodesChange: state.onNodesChange,
  onEdgesChange: state.onEdgesChange,
  onSelectionChange: state.onSelectionChange,
  connect: state.connect,
  addStep: state.addStep,
});

const LARGE_ROUTINE = 300;
// The fallback for a canvas without a size when it opened (a hidden tab): a small routine at natural size.
const FIT_VIEW_OPTIONS = { maxZoom: 1, padding: 0.2 };

/** The React Flow canvas: drop steps from the palette, connect them, move them, select them. */
export function Canvas({ toolsByKey }: { toolsByKey: ReadonlyMap<string, ToolDefinition> }) {
  const { nodes, edges, canEdit, onNodesChange, onEdgesChange, onSelectionChange, connect, addStep } =
    useDesigner(selectCanvas);
  const { screenToFlowPosition } = useReactFlow();
  const { resolvedTheme } = useTheme();
  const simplified = useCanvasSimplified();
  const frame = useRef<HTMLDivElement>(null);
  const api = useDesignerApi();
  const opening = useOpeningViewport(frame, () => api.getState().nodes);
  // The minimap helps find one's way in a routine larger than the canvas; over one that fits it would only hide
  // steps. It redraws every node on each pan frame, so very large routines start without it.
  const [miniMapOn, setMiniMapOn] = useState<boolean>();
  const showMiniMap = miniMapOn ?? (opening?.fits === false && nodes.length <= LARGE_ROUTINE);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const raw = event.dataTransfer.getData(DRAG_MIME);
    if (!raw || !canEdit) return;
    const payload = JSON.parse(raw) as DragPayload;
    const tool = payload.tool ? toolsByKey.get(`${payload.tool.server}/${payload.tool.name}`) : undefined;
    addStep(payload.kind, screenToFlowPosition({ x: event.clientX, y: event.clientY }), tool);
  };

  return (
    <div
      ref={frame}
      className="h-full w-full"
      data-testid="designer-canvas"
      onDragOver={(event) => {
        event.preventDefault();
        // Read-only: the cursor shows no "copy" hint, as a drop would add nothing.
        event.dataTransfer.dropEffect = canEdit ? "copy" : "none";
      }}
      onDrop={onDrop}
    >
      {opening ? (
        <SimplifiedDrawingContext value={simplified}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onSelectionChange={onSelectionChange}
            onConnect={(connection: Connection) => connect(connection.source, connection.target)}
            nodesDraggable={canEdit}
            nodesConnectable={canEdit}
            deleteKeyCode={null}
            multiSelectionKeyCode="Shift"
            selectionKeyCode="Shift"
            defaultViewport={opening.viewport}
            fitView={!opening.viewport}
            fitViewOptions={FIT_VIEW_OPTIONS}
            minZoom={CANVAS_MIN_ZOOM}
            maxZoom={CANVAS_MAX_ZOOM}
            proOptions={PRO_OPTIONS}
            onlyRenderVisibleElements={drawsOnlyInView(nodes.length)}
            colorMode={resolvedTheme === "dark" ? "dark" : "light"}
          >
            {/* Zoomed far out the dot grid is a grey haze that costs a repaint per frame. */}
            {simplified ? null : <Background gap={20} size={1} />}
            {showMiniMap ? <MiniMap pannable zoomable className="!bg-surface" /> : null}
            <Controls showInteractive={false}>
              <ControlButton
                onClick={() => setMiniMapOn(!showMiniMap)}
                title={showMiniMap ? "Hide the minimap" : "Show the minimap"}
                aria-label="Toggle the minimap"
                data-testid="toggle-minimap"
              >
                <MapIcon aria-hidden="true" />
              </ControlButton>
            </Controls>
          </ReactFlow>
        </SimplifiedDrawingContext>
      ) : null}
    </div>
  );
}
