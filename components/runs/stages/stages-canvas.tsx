"use client";

import { Handle, MarkerType, Position, type Edge, type Node, type NodeProps, type NodeTypes } from "@xyflow/react";
import { memo, useCallback, useMemo } from "react";
import { ReadOnlyCanvas } from "@/components/canvas";
import { cn, ProgressBar, Spinner } from "@/components/ui";
import {
  STAGE_SUMMARY_SIZE,
  stageSummaryLayout,
  type FlowNode,
  type StageSummaryDirection,
  type StepEdge,
} from "@/lib/graph";
import type { RunHierarchy } from "@/lib/runs/hierarchy";
import type { RunViewStoreState } from "@/lib/stores/run-view";
import { useRunView } from "../run-view-context";
import { useNow } from "../use-now";
import { useRunHierarchy, useStagesUi } from "./run-stages-context";
import { stageKeyOf, stageTestKey } from "./stage-keys";
import { costText, durationText, HIERARCHY_STATUS_STYLE, isActive, progressText, tokensText } from "./stage-style";

type StageSummaryData = { stageKey: string; direction: StageSummaryDirection };
type StageSummaryNode = Node<StageSummaryData, "stage-summary">;

const NODE_PREFIX = "stage-summary:";
const HANDLES = {
  row: { target: Position.Left, source: Position.Right },
  column: { target: Position.Top, source: Position.Bottom },
} as const;
const HIDDEN_HANDLE = "!size-2 !min-w-0 !min-h-0 !border-0 !bg-transparent";
const LINK_MARKER = { type: MarkerType.ArrowClosed, width: 18, height: 18 };

const FIT_VIEW_OPTIONS = { maxZoom: 1, padding: 0.15 };

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
        markerEnd: LINK_MARKER,
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
    <ReadOnlyCanvas
      nodes={flow.nodes}
      edges={flow.edges}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      onSelectStep={onSelect}
      fitViewOptions={FIT_VIEW_OPTIONS}
      testId="run-stages-canvas"
      label="The run's stages, each with its progress, time, tokens and cost"
    />
  );
}

/** One stage: name, status, "3 / 5 steps" with a bar, and how long it took, its tokens and estimated cost. */
const StageSummaryNodeView = memo(function StageSummaryNodeView({ data }: NodeProps<StageSummaryNode>) {
  const hierarchy = useRunHierarchy();
  const { selectedStageKey } = useStagesUi();
  const stage = hierarchy?.stages.find((candidate) => stageKeyOf(candidate) === data.stageKey);
  const now = useNow(stage !== undefined && isActive(stage.status) && stage.startedAt !== null);
  if (!stage) return null;
  const style = HIERARCHY_STATUS_STYLE[stage.status];
  const Icon = style.icon;
  const selected = selectedStageKey === data.stageKey;
  const handles = HANDLES[data.direction];
  return (
    <div
      data-testid={`run-stage-node-${stageTestKey(stage)}`}
      data-state={stage.status}
      data-selected={selected || undefined}
      style={STAGE_SUMMARY_SIZE}
      className={cn(
        "flex flex-col justify-between gap-2 rounded-xl border-2 px-4 py-3 shadow-sm transition-colors",
        style.frame,
        selected && "outline-4 outline-offset-2 outline-accent/50",
      )}
    >
      <Handle type="target" position={handles.target} isConnectable={false} className={HIDDEN_HANDLE} />
      <Handle type="source" position={handles.source} isConnectable={false} className={HIDDEN_HANDLE} />
      <div className="flex items-start justify-between gap-2">
        <span
          className="line-clamp-2 text-[0.9375rem] leading-tight font-semibold break-words text-foreground"
          data-testid="run-stage-name"
        >
          {stage.name}
        </span>
        <span
          className={cn(
            "flex shrink-0 items-center gap-1 rounded-full px-1.5 py-0.5 text-[11px] leading-none font-semibold",
            BADGE_TONE[style.tone],
          )}
          data-testid="run-stage-state"
        >
          {stage.status === "running" ? <Spinner className="size-3" /> : <Icon className="size-3" aria-hidden="true" />}
          {style.label}
        </span>
      </div>
      <div className="space-y-1">
        <p className="text-xs text-muted" data-testid="run-stage-progress">
          {progressText(stage)}
          {stage.passes > 1 ? ` · ran ${stage.passes} times` : ""}
        </p>
        <ProgressBar done={stage.stepsDone} total={stage.stepsTotal} />
      </div>
      <dl className="grid grid-cols-3 gap-1 text-xs">
        <div>
          <dt className="text-muted">Took</dt>
          <dd className="font-medium text-foreground tabular-nums" data-testid="run-stage-duration">
            {durationText(stage, now)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Tokens</dt>
          <dd className="font-medium text-foreground tabular-nums" data-testid="run-stage-tokens">
            {tokensText(stage)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Cost</dt>
          <dd className="font-medium text-foreground tabular-nums" data-testid="run-stage-cost">
            {costText(stage)}
          </dd>
        </div>
      </dl>
    </div>
  );
});

const NODE_TYPES: NodeTypes = { "stage-summary": StageSummaryNodeView };
const EDGE_TYPES = {};

const BADGE_TONE = {
  neutral: "bg-surface-muted text-muted",
  accent: "bg-accent text-accent-foreground",
  success: "bg-success text-white dark:text-black",
  warning: "bg-warning text-black",
  danger: "bg-danger text-white dark:text-black",
} as const;
