"use client";

import type { EdgeTypes, NodeProps, NodeTypes } from "@xyflow/react";
import { memo, useCallback, useMemo, useSyncExternalStore } from "react";
import { ReadOnlyCanvas, StageFrame } from "@/components/canvas";
import { routineToFlow, type StageNode } from "@/lib/graph";
import { useRunViewApi } from "../run-view-context";
import { RunEdge } from "./run-edge";
import { RunStepNode } from "./run-step-node";

const RunStageNode = memo(function RunStageNode({ data, width, height }: NodeProps<StageNode>) {
  const api = useRunViewApi();
  const name = api.getState().routine.stages.find((stage) => stage.id === data.stageId)?.name ?? "Stage";
  return <StageFrame name={name} width={width} height={height} />;
});

const NODE_TYPES: NodeTypes = {
  tool: RunStepNode,
  skill: RunStepNode,
  human: RunStepNode,
  routine: RunStepNode,
  end: RunStepNode,
  branch: RunStepNode,
  stage: RunStageNode,
};
const EDGE_TYPES: EdgeTypes = { "step-edge": RunEdge };
const FIT_VIEW_OPTIONS = { maxZoom: 1, padding: 0.15 };

/**
 * The run's routine on a read-only canvas. Its node and edge arrays are built once from the routine and never
 * change: each node and edge reads its own state from the run store, so an event re-renders the node it is about.
 * Clicking a step (or Enter on a focused one) shows it in the side panel.
 */
export function RunCanvas() {
  // Client-only: the canvas fits itself to the box it measures, and its colour mode must follow the theme the
  // browser resolved (a server-rendered "light" class would survive hydration into a dark page).
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  if (!hydrated) return <div className="h-full w-full" data-testid="run-canvas" aria-busy="true" />;
  return <CanvasBody />;
}

const subscribeNever = () => () => undefined;

function CanvasBody() {
  const api = useRunViewApi();
  const flow = useMemo(() => routineToFlow(api.getState().routine), [api]);
  const onSelectStep = useCallback((stepId: string) => api.getState().selectStep(stepId), [api]);
  return (
    <ReadOnlyCanvas
      nodes={flow.nodes}
      edges={flow.edges}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      onSelectStep={onSelectStep}
      fitViewOptions={FIT_VIEW_OPTIONS}
      testId="run-canvas"
      label="The routine, coloured by each step's state"
    />
  );
}
