"use client";

import { Handle, Position, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import { branchHandleId, HANDLE, type StepNodeOf } from "@/lib/graph";
import type { DesignerStoreState } from "@/lib/stores/designer";
import { useDesigner } from "../designer-context";
import { DesignerStepShell, handleClass } from "./step-node";

const NONE: string[] = [];
const selectOutgoing = (state: DesignerStoreState, stepId: string) => state.outgoing[stepId] ?? NONE;

/**
 * A branch: one handle per labelled way out, plus one to draw a new condition from. Handles come and go with the
 * branch's edges; React Flow learns where they are from the node itself (lib/graph/handles.ts places them as here),
 * so nothing has to be re-measured when they change.
 */
export const BranchNode = memo(function BranchNode({ data, selected }: NodeProps<StepNodeOf<"branch">>) {
  const edgeIds = useDesigner((state) => selectOutgoing(state, data.stepId));
  const slots = edgeIds.length + 1;
  return (
    <DesignerStepShell
      stepId={data.stepId}
      kind="branch"
      selected={selected}
      waysOut={(hidden) => (
        <>
          {edgeIds.map((edgeId, index) => (
            <Handle
              key={edgeId}
              type="source"
              id={branchHandleId(edgeId)}
              position={Position.Right}
              isConnectable={!hidden}
              style={{ top: `${((index + 1) / (slots + 1)) * 100}%` }}
              className={handleClass("!border-surface !bg-warning", hidden)}
            />
          ))}
          <Handle
            type="source"
            id={HANDLE.out}
            position={Position.Right}
            isConnectable={!hidden}
            style={{ top: `${(slots / (slots + 1)) * 100}%` }}
            title={hidden ? undefined : "Drag to add a condition"}
            className={handleClass("!border-dashed !border-warning !bg-surface", hidden)}
          />
        </>
      )}
    />
  );
});
