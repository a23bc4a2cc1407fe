"use client";

import {
  Background,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  getViewportForBounds,
  type Connection,
  type Viewport,
} from "@xyflow/react";
import { Map as MapIcon } from "lucide-react";
import "@xyflow/react/dist/style.css";
import { useTheme } from "next-themes";
import { useLayoutEffect, useRef, useState, type DragEvent } from "react";
import { useDesigner, useDesignerApi } from "./designer-context";
import { NODE_TYPES, EDGE_TYPES } from "./nodes";
import {
  CANVAS_MAX_ZOOM,
  CANVAS_MIN_ZOOM,
  DEFAULT_EDGE_OPTIONS,
  PRO_OPTIONS,
  readableOpening,
  useCanvasZoomedOut,
  ZoomedOutContext,
} from "@/components/canvas";
import { DRAG_MIME, type DragPayload } from "./drag-payload";
import { nodesBounds } from "@/lib/graph";
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
// A small routine is shown at natural size rather than blown up to fill the canvas.
const FIT_VIEW_OPTIONS = { maxZoom: 1, padding: 0.2 };

/**
 * Where the canvas opens: the fitted viewport, computed from the nodes' known sizes and the canvas's box before
 * React Flow mounts (so nodes are drawn once, at the right zoom, with no measure-then-fitView pass). `fitView` is
 * the fallback when the box has no size yet (a hidden tab); undefined until measured, and on the server.
 */
function useOpeningViewport(frame: React.RefObject<HTMLDivElement | null>): { viewport?: Viewport } | undefined {
  const api = useDesignerApi();
  const [opening, setOpening] = useState<{ viewport?: Viewport }>();
  useLayoutEffect(() => {
    const box = frame.current?.getBoundingClientRect();
    const bounds = nodesBounds(api.getState().nodes);
    const fits = box && box.width > 0 && box.height > 0 && bounds;
    const { maxZoom, padding } = FIT_VIEW_OPTIONS;
    // Measured once, before the first paint: React Flow mounts in the same frame.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpening(
      fits
        ? {
            viewport: readableOpening(
              getViewportForBounds(bounds, box.width, box.height, CANVAS_MIN_ZOOM, maxZoom, padding),
              bounds,
              box.height,
              api.getState().nodes.length,
              32,
            ),
          }
        : {},
    );
  }, [api, frame]);
  return opening;
}

/** The React Flow canvas: drop steps from the palette, connect them, move them, select them. */
export function Canvas({ toolsByKey }: { toolsByKey: ReadonlyMap<string, ToolDefinition> }) {
  const { nodes, edges, canEdit, onNodesChange, onEdgesChange, onSelectionChange, connect, addStep } =
    useDesigner(selectCanvas);
  const { screenToFlowPosition } = useReactFlow();
  const { resolvedTheme } = useTheme();
  const zoomedOut = useCanvasZoomedOut();
  // The minimap redraws every node on each pan frame: on by default for routines small enough not to notice.
  const [miniMapOn, setMiniMapOn] = useState(() => nodes.length <= LARGE_ROUTINE);
  const frame = useRef<HTMLDivElement>(null);
  const opening = useOpeningViewport(frame);

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
        <ZoomedOutContext value={zoomedOut}>
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
            colorMode={resolvedTheme === "dark" ? "dark" : "light"}
          >
            {/* Zoomed far out the dot grid is a grey haze that costs a repaint per frame. */}
            {zoomedOut ? null : <Background gap={20} size={1} />}
            {miniMapOn ? <MiniMap pannable zoomable className="!bg-surface" /> : null}
            <Controls showInteractive={false}>
              <ControlButton
                onClick={() => setMiniMapOn((on) => !on)}
                title={miniMapOn ? "Hide the minimap" : "Show the minimap"}
                aria-label="Toggle the minimap"
                data-testid="toggle-minimap"
              >
                <MapIcon aria-hidden="true" />
              </ControlButton>
            </Controls>
          </ReactFlow>
        </ZoomedOutContext>
      ) : null}
    </div>
  );
}
