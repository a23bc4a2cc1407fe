"use client";

import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { StageFrame } from "@/components/canvas";
import type { StageNode as StageNodeType } from "@/lib/graph";
import { useDesigner } from "../designer-context";

/** A stage: a labelled frame around its steps. */
export const StageNode = memo(function StageNode({ data, width, height }: NodeProps<StageNodeType>) {
  const name = useDesigner((state) => state.routine.stages.find((stage) => stage.id === data.stageId)?.name ?? "Stage");
  return <StageFrame name={name} width={width} height={height} testId={`stage-${data.stageId}`} />;
});
