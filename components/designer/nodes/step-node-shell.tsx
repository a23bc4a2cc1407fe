"use client";

import { Handle, Position } from "@xyflow/react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui";
import { HANDLE, NODE_SIZE } from "@/lib/graph";
import { selectStep } from "@/lib/stores/designer/designer-store";
import { useDesigner } from "../designer-context";
import { STEP_KIND_INFO } from "../step-kinds";

/** What a node shows; selected so that typing a step's description re-renders no node at all. */
function useNodeView(stepId: string) {
  return useDesigner((state) => {
    const step = selectStep(state, stepId);
    return {
      name: step?.name ?? "",
      kind: step?.kind ?? "end",
      tool: step?.kind === "tool" ? step.tool.name : undefined,
      issues: state.issueCountByStep[stepId] ?? 0,
    };
  });
}

/** The common body of every step node: icon, name, tool, validation badge, and its handles. */
export function StepNodeShell({ stepId, selected, sourceHandles }: { stepId: string; selected: boolean; sourceHandles?: ReactNode }) {
  const view = useNodeView(stepId);
  const info = STEP_KIND_INFO[view.kind];
  const Icon = info.icon;
  const size = NODE_SIZE[view.kind];
  return (
    <div
      data-testid={`step-node-${stepId}`}
      data-kind={view.kind}
      style={{ width: size.width, height: size.height }}
      className={cn(
        "flex items-center gap-3 rounded-xl border bg-surface px-3 shadow-sm",
        selected ? "border-accent ring-2 ring-accent/30" : "border-border",
      )}
    >
      <Handle type="target" id={HANDLE.in} position={Position.Left} className="!size-2.5 !border-2 !border-surface !bg-muted" />
      <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted", info.accent)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-foreground" data-testid="node-name">
          {view.name}
        </span>
        <span className="block truncate text-xs text-muted">{view.tool ? view.tool : info.label}</span>
      </span>
      {view.issues > 0 ? (
        <span className="rounded-full bg-danger-soft px-1.5 text-xs font-medium text-danger" title={`${view.issues} issue(s)`} data-testid="node-issues">
          {view.issues}
        </span>
      ) : null}
      {sourceHandles ?? (view.kind === "end" ? null : <Handle type="source" id={HANDLE.out} position={Position.Right} className="!size-2.5 !border-2 !border-surface !bg-accent" />)}
    </div>
  );
}
