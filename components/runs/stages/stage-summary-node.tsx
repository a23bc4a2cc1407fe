"use client";

import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import { cn, ProgressBar, Spinner } from "@/components/ui";
import { STAGE_SUMMARY_SIZE, type StageSummaryDirection } from "@/lib/graph";
import { TONE_BADGE } from "../run-styles";
import { useNow } from "../use-now";
import { useRunHierarchy, useStagesUi } from "./run-stages-context";
import { stageKeyOf, stageTestKey } from "./stage-keys";
import { costText, durationText, HIERARCHY_STATUS_STYLE, isActive, progressText, tokensText } from "./stage-style";

export type StageSummaryNode = Node<{ stageKey: string; direction: StageSummaryDirection }, "stage-summary">;

const HANDLES = {
  row: { target: Position.Left, source: Position.Right },
  column: { target: Position.Top, source: Position.Bottom },
} as const;
const HIDDEN_HANDLE = "!size-2 !min-w-0 !min-h-0 !border-0 !bg-transparent";

/** One stage: name, status, "3 / 5 steps" with a bar, and how long it took, its tokens and estimated cost. */
export const StageSummaryNodeView = memo(function StageSummaryNodeView({ data }: NodeProps<StageSummaryNode>) {
  const hierarchy = useRunHierarchy();
  const { selectedStageKey } = useStagesUi();
  const stage = hierarchy?.stages.find((candidate) => stageKeyOf(candidate) === data.stageKey);
  const now = useNow(stage !== undefined && isActive(stage.status) && stage.startedAt !== null);
  if (!stage) return null;
  const style = HIERARCHY_STATUS_STYLE[stage.status];
  const Icon = style.icon;
  const selected = selectedStageKey === data.stageKey;
  const handles = HANDLES[data.direction];
  const figures = [
    { term: "Took", value: durationText(stage, now), testId: "run-stage-duration" },
    { term: "Tokens", value: tokensText(stage), testId: "run-stage-tokens" },
    { term: "Cost", value: costText(stage), testId: "run-stage-cost" },
  ];
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
            TONE_BADGE[style.tone],
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
        {figures.map((figure) => (
          <div key={figure.testId}>
            <dt className="text-muted">{figure.term}</dt>
            <dd className="font-medium text-foreground tabular-nums" data-testid={figure.testId}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
});
