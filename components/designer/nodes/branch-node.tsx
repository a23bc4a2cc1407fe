"use client";

import { Handle, Position, useUpdateNodeInternals, type NodeProps } from "@xyflow/react";
import { memo, useEffect, useRef } from "react";
import { branchHandleId, HANDLE, type StepNode as StepNodeType } from "@/lib/graph";
import { useDesigner } from "../designer-context";
import { StepNodeShell } from "./step-node-shell";

const NONE: string[] = [];

/** A branch: one handle per labelled way out, plus one to draw a new condition from. */
export const BranchNode = memo(function BranchNode({ id, data, selected }: NodeProps<StepNodeType>) {
  const edgeIds = useDesigner((state) => state.outgoing[data.stepId] ?? NONE);
  // Handles come and go with the branch's edges: React Flow must re-measure them, or new edges find no handle.
  const updateNodeInternals = useUpdateNodeInternals();
  // (Not on mount: React Flow measures new nodes itself, and a thousand extra measurements slow the first paint.)
  const handleKey = edgeIds.join(",");
  const measuredKey = useRef(handleKey);
  useEffect(() => {
    if (measuredKey.current === handleKey) return;
    measuredKey.current = handleKey;
    updateNodeInternals(id);
  }, [handleKey, id, updateNodeInternals]);
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
