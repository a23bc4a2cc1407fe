"use client";

import type { EdgeTypes, NodeProps, NodeTypes } from "@xyflow/react";
import { memo, useCallback, useMemo, useSyncExternalStore } from "react";
import { StageFrame } from "@/components/canvas";
import { routineToFlow, type StageNode } from "@/lib/graph";
import type { RunViewStoreState } from "@/lib/stores/run-view";
import { useRunView, useRunViewApi } from "../run-view-context";
import { useRunHierarchy, useStagesUi } from "../stages/run-stages-context";
import { StagesCanvas } from "../stages/stages-canvas";
import { StagesToggle } from "../stages/stages-toggle";
import { RunEdge } from "./run-edge";
import { RUN_STEP_NODES } from "./run-step-node";
import { RunFlowCanvas } from "../run-flow-canvas";

const RunStageNode = memo(function RunStageNode({ data, width, height }: NodeProps<StageNode>) {
  // A planned run's stage is a task, renamed when an operator edits its title.
  const name = useRunView((state) => state.routine.stages.find((stage) => stage.id === data.stageId)?.name);
  return <StageFrame name={name ?? "Stage"} width={width} height={height} />;
});

const NODE_TYPES = { ...RUN_STEP_NODES, stage: RunStageNode } satisfies NodeTypes;
const EDGE_TYPES: EdgeTypes = { "step-edge": RunEdge };

/**
 * The run's routine on a read-only canvas. Its node and edge arrays are built from the store's routine, which a
 * routine run never changes: each node and edge reads its own state from the run store, so an event re-renders the
 * node it is about. A planned run's routine is the graph of what ran, rebuilt only when a call or the plan is
 * added. Clicking a step (or Enter on a focused one) shows it in the side panel.
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
  return <CanvasOrStages />;
}

/**
 * A routine with stages can show them collapsed, one node per stage: the toggle floats over the canvas, so
 * switching changes nothing around it.
 */
function CanvasOrStages() {
  const hierarchy = useRunHierarchy();
  const { collapsed } = useStagesUi();
  if (!hierarchy) return <CanvasBody />;
  return (
    <div className="relative h-full w-full">
      <StagesToggle />
      {collapsed ? <StagesCanvas hierarchy={hierarchy} /> : <CanvasBody />}
    </div>
  );
}

const subscribeNever = () => () => undefined;

const selectRoutine = (state: RunViewStoreState) => state.routine;
const selectPlanned = (state: RunViewStoreState) => state.header.mode === "planned";

function CanvasBody() {
  const api = useRunViewApi();
  const routine = useRunView(selectRoutine);
  const planned = useRunView(selectPlanned);
  const flow = useMemo(() => routineToFlow(routine), [routine]);
  const onSelectStep = useCallback((stepId: string) => api.getState().selectStep(stepId), [api]);
  const empty = routine.steps.length === 0;
  if (planned && empty)
    return (
      <div className="flex h-full w-full items-center justify-center p-8" data-testid="run-canvas" data-empty="true">
        <p className="max-w-sm text-center text-sm text-muted">
          No tool calls yet. Each call an actor makes for a task is drawn here as it happens, grouped by task.
        </p>
      </div>
    );
  return (
    // A planned run's canvas mounts with its first call and grows below it: it keeps every node, the answer last, in
    // view (until the person moves it), where the legible opening on the first step left the answer off screen.
    <RunFlowCanvas
      flow={flow}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      onSelect={onSelectStep}
      fitAll={planned}
      testId="run-canvas"
      label={planned ? "What the run's actors called, by task" : "The routine, coloured by each step's state"}
    />
  );
}
