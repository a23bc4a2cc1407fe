"use client";

import { Background, Controls, MarkerType, ReactFlow, ReactFlowProvider, type EdgeTypes, type NodeChange, type NodeMouseHandler, type NodeTypes } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useTheme } from "next-themes";
import { memo, useCallback, useMemo, useSyncExternalStore } from "react";
import { useCanvasZoomedOut, ZoomedOutContext } from "@/components/designer/nodes/use-zoomed-out";
import { routineToFlow, type FlowNode, type StageNode } from "@/lib/graph";
import type { NodeProps } from "@xyflow/react";
import { useRunViewApi } from "../run-view-context";
import { RunEdge } from "./run-edge";
import { RunStepNode } from "./run-step-node";

const RunStageNode = memo(function RunStageNode({ data, width, height }: NodeProps<StageNode>) {
  const api = useRunViewApi();
  const name = api.getState().routine.stages.find((stage) => stage.id === data.stageId)?.name ?? "Stage";
  return (
    <div style={{ width, height }} className="rounded-2xl border border-dashed border-border bg-surface-muted/40">
      <p className="px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted">{name}</p>
    </div>
  );
});

const NODE_TYPES: NodeTypes = { tool: RunStepNode, skill: RunStepNode, human: RunStepNode, routine: RunStepNode, end: RunStepNode, branch: RunStepNode, stage: RunStageNode };
const EDGE_TYPES: EdgeTypes = { "step-edge": RunEdge };
const DEFAULT_EDGE_OPTIONS = { type: "step-edge", markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } };
const PRO_OPTIONS = { hideAttribution: true };
const FIT_VIEW_OPTIONS = { maxZoom: 1, padding: 0.15 };

/**
 * The run's routine on a read-only canvas. Its node and edge arrays are built once from the routine and never
 * change: each node and edge reads its own state from the run store, so an event re-renders the node it is about.
 * Clicking a step (or Enter on a focused one) shows it in the side panel.
 */
export function RunCanvas() {
  // Client-only: the canvas fits itself to the box it measures, and its colour mode must follow the theme the
  // browser resolved (a server-rendered "light" class would survive hydration into a dark page).
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);
  if (!hydrated) return <div className="h-full w-full" data-testid="run-canvas" aria-busy="true" />;
  return (
    <ReactFlowProvider>
      <CanvasBody />
    </ReactFlowProvider>
  );
}

const subscribeNever = () => () => undefined;

function CanvasBody() {
  const api = useRunViewApi();
  const { resolvedTheme } = useTheme();
  const zoomedOut = useCanvasZoomedOut();
  const flow = useMemo(() => routineToFlow(api.getState().routine), [api]);
  const onNodeClick: NodeMouseHandler<FlowNode> = useCallback((_event, node) => {
    if (node.type !== "stage") api.getState().selectStep(node.id);
  }, [api]);
  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => {
    const picked = changes.find((change) => change.type === "select" && change.selected && !change.id.startsWith("stage:"));
    if (picked && picked.type === "select") api.getState().selectStep(picked.id);
  }, [api]);
  return (
    <div className="h-full w-full" data-testid="run-canvas" role="group" aria-label="The routine, coloured by each step's state">
      <ZoomedOutContext value={zoomedOut}>
        <ReactFlow
          nodes={flow.nodes}
          edges={flow.edges}
          nodeTypes={NODE_TYPES}
          edgeTypes={EDGE_TYPES}
          defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
          onNodeClick={onNodeClick}
          onNodesChange={onNodesChange}
          nodesDraggable={false}
          nodesConnectable={false}
          edgesFocusable={false}
          deleteKeyCode={null}
          multiSelectionKeyCode={null}
          selectionKeyCode={null}
          fitView
          fitViewOptions={FIT_VIEW_OPTIONS}
          minZoom={0.05}
          maxZoom={2}
          proOptions={PRO_OPTIONS}
          colorMode={resolvedTheme === "dark" ? "dark" : "light"}
        >
          {zoomedOut ? null : <Background gap={20} size={1} />}
          <Controls showInteractive={false} />
        </ReactFlow>
      </ZoomedOutContext>
    </div>
  );
}
