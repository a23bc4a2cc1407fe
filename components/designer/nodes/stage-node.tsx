"use client";

import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { StageFrame } from "@/components/canvas";
import type { StageNode as StageNodeType } from "@/lib/graph";
import type { DesignerStoreState } from "@/lib/stores/designer";
import { useDesigner } from "../designer-context";

const selectStageName = (state: DesignerStoreState, stageId: string) =>
  state.routine.stages.find((stage) => stage.id === stageId)?.name ?? "Stage";

/** A stage: a labelled frame around its steps. */
export const StageNode = memo(function StageNode({ data, width, height }: NodeProps<StageNodeType>) {
  const name = useDesigner((state) => selectStageName(state, data.stageId));
  return <StageFrame name={name} width={width} height={height} testId={`stage-${data.stageId}`} />;
});
