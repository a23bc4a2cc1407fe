"use client";

import type { Edge, NodeTypes } from "@xyflow/react";
import { useCallback, useMemo } from "react";
import { STAGE_SUMMARY_SIZE, stageSummaryLayout, type FlowNode, type StepEdge } from "@/lib/graph";
import { DEFAULT_EDGE_OPTIONS } from "@/components/canvas";
import type { RunHierarchy } from "@/lib/runs/hierarchy";
import type { RunViewStoreState } from "@/lib/stores/run-view";
import { RunFlowCanvas } from "../run-flow-canvas";
import { useRunView } from "../run-view-context";
import { useStagesUi } from "./run-stages-context";
import { stageKeyOf } from "./stage-keys";
import { StageSummaryNodeView, type StageSummaryNode } from "./stage-summary-node";

const NODE_PREFIX = "stage-summary:";

const selectRoutine = (state: RunViewStoreState) => state.routine;

/** The steps each stage holds, as one string: the layout is rebuilt when that changes, never on a step's state. */
const structureOf = (hierarchy: RunHierarchy) =>
  hierarchy.stages
    .map(
      (stage) => `${stageKeyOf(stage)}=${stage.actors.flatMap((actor) => actor.steps.map((s) => s.stepId)).join(",")}`,
    )
    .join("|");

/**
 * The run's canvas collapsed to its stages: one node per stage with its status, progress, time, tokens and cost,
 * arrows where one stage leads to another. Clicking a stage (or Enter on it) shows it in the side panel. The nodes
 * are laid out once per routine; each reads its stage's totals from the hierarchy as events arrive.
 */
export function StagesCanvas({ hierarchy }: { hierarchy: RunHierarchy }) {
  const routine = useRunView(selectRoutine);
  const { selectStage } = useStagesUi();
  const structure = structureOf(hierarchy);
  const flow = useMemo(
    () => {
      const layout = stageSummaryLayout(
        routine,
        hierarchy.stages.map((stage) => ({
          key: stageKeyOf(stage),
          stepIds: stage.actors.flatMap((actor) => actor.steps.map((step) => step.stepId)),
        })),
      );
      const nodes = layout.boxes.map(({ key, x, y }): StageSummaryNode => ({
        id: `${NODE_PREFIX}${key}`,
        type: "stage-summary",
        data: { stageKey: key, direction: layout.direction },
        position: { x, y },
        ...STAGE_SUMMARY_SIZE,
        measured: STAGE_SUMMARY_SIZE,
      }));
      const edges: Edge[] = layout.links.map(({ from, to }) => ({
        id: `stage-link:${from}>${to}`,
        type: "smoothstep",
        source: `${NODE_PREFIX}${from}`,
        target: `${NODE_PREFIX}${to}`,
        markerEnd: DEFAULT_EDGE_OPTIONS.markerEnd,
        style: { strokeWidth: 1.5 },
      }));
      // The read-only canvas is typed for step graphs; these nodes and edges are React Flow's own shapes, which is
      // all it hands on (and it measures them by their fixed sizes).
      return { nodes: nodes as unknown as FlowNode[], edges: edges as unknown as StepEdge[] };
    },
    // The layout follows the routine and which steps each stage holds, not the hierarchy's live totals.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [routine, structure],
  );
  const onSelect = useCallback(
    (id: string) => {
      if (id.startsWith(NODE_PREFIX)) selectStage(id.slice(NODE_PREFIX.length));
    },
    [selectStage],
  );
  return (
    <RunFlowCanvas
      flow={flow}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      onSelect={onSelect}
      testId="run-stages-canvas"
      label="The run's stages, each with its progress, time, tokens and cost"
    />
  );
}

const NODE_TYPES: NodeTypes = { "stage-summary": StageSummaryNodeView };
const EDGE_TYPES = {};
