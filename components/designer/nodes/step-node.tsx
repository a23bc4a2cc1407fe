"use client";

import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { StepNode as StepNodeType } from "@/lib/graph";
import { StepNodeShell } from "./step-node-shell";

/** Tool, skill, human, sub-routine and end steps: one way in, at most one way out. */
export const StepNode = memo(function StepNode({ data, selected }: NodeProps<StepNodeType>) {
  return <StepNodeShell stepId={data.stepId} selected={selected} />;
});
