"use client";

import { Handle, Position, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import { branchHandleId, HANDLE, type StepNode as StepNodeType } from "@/lib/graph";
import type { DesignerStoreState } from "@/lib/stores/designer";
import { useDesigner } from "../designer-context";
import { StepNodeShell } from "./step-node-shell";

const NONE: string[] = [];
const selectOutgoing = (state: DesignerStoreState, stepId: string) => state.outgoing[stepId] ?? NONE;

/**
 * A branch: one handle per labelled way out, plus one to draw a new condition from. Handles come and go with the
 * branch's edges; React Flow learns where they are from the node itself (lib/graph/handles.ts places them as here),
 * so nothing has to be re-measured when they change.
 */
export const BranchNode = memo(function BranchNode({ data, selected }: NodeProps<StepNodeType>) {
  const edgeIds = useDesigner((state) => selectOutgoing(state, data.stepId));
  const slots = edgeIds.length + 1;
  return (
    <StepNodeShell
      stepId={data.stepId}
      selected={selected}
      sourceHandles={
        <>
          {edgeIds.map((edgeId, index) => (
            <Handle
              key={edgeId}
              type="source"
              id={branchHandleId(edgeId)}
              position={Position.Right}
              style={{ top: `${((index + 1) / (slots + 1)) * 100}%` }}
              className="!size-2.5 !border-2 !border-surface !bg-warning"
            />
          ))}
          <Handle
            type="source"
            id={HANDLE.out}
            position={Position.Right}
            style={{ top: `${(slots / (slots + 1)) * 100}%` }}
            title="Drag to add a condition"
            className="!size-2.5 !border-2 !border-dashed !border-warning !bg-surface"
          />
        </>
      }
    />
  );
});
