"use client";

import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { StageNode as StageNodeType } from "@/lib/graph";
import { useDesigner } from "../designer-context";

/** A stage: a labelled frame around its steps. */
export const StageNode = memo(function StageNode({ data, width, height }: NodeProps<StageNodeType>) {
  const name = useDesigner((state) => state.routine.stages.find((stage) => stage.id === data.stageId)?.name ?? "Stage");
  return (
    <div style={{ width, height }} className="rounded-2xl border border-dashed border-border bg-surface-muted/40" data-testid={`stage-${data.stageId}`}>
      <p className="px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted">{name}</p>
    </div>
  );
});
