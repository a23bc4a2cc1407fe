"use client";

import { Handle, Position } from "@xyflow/react";
import { MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui";
import { HANDLE, NODE_SIZE } from "@/lib/graph";
import { selectStep, type DesignerStoreState } from "@/lib/stores/designer";
import { useStepCommentCount } from "../comments/comments-context";
import { useDesigner } from "../designer-context";
import { KIND_BORDER, SimplifiedNode, STEP_KIND_INFO, useSimplifiedDrawing } from "@/components/canvas";

/** What a node shows; selected so that typing a step's description re-renders no node at all. */
function selectNodeView(state: DesignerStoreState, stepId: string) {
  const step = selectStep(state, stepId);
  return {
    name: step?.name ?? "",
    kind: step?.kind ?? "end",
    tool: step?.kind === "tool" ? step.tool.name : undefined,
    issues: state.issueCountByStep[stepId] ?? 0,
  };
}

/**
 * Counts node renders for `npm run bench:editor`, which sets `globalThis.__routineStudioNodeRenders = 0` and checks
 * that typing in the inspector re-renders no node. Without that global it is one typeof check per render.
 */
function useRenderCount() {
  const probe = globalThis as { __routineStudioNodeRenders?: unknown };
  if (typeof probe.__routineStudioNodeRenders === "number") probe.__routineStudioNodeRenders += 1;
}

/**
 * The common body of every step node: icon, name, tool, validation and review-comment badges, and its handles.
 * Simplified (a large routine zoomed out, see useSimplifiedDrawing) it is the step's name in large type in a box of
 * the same size whose left border is the kind's colour, without handles (too small to grab there; edges still
 * attach, since every node tells React Flow where its handles are, see lib/graph/handles.ts): a thousand nodes then
 * cost little to mount, paint and hit-test, which is what keeps loading and panning a large routine fast.
 */
export function StepNodeShell({
  stepId,
  selected,
  sourceHandles,
}: {
  stepId: string;
  selected: boolean;
  sourceHandles?: ReactNode;
}) {
  useRenderCount();
  const view = useDesigner((state) => selectNodeView(state, stepId));
  // Its own store: typing in the inspector never touches it, and resolving a comment re-renders one node.
  const comments = useStepCommentCount(stepId);
  const simplified = useSimplifiedDrawing();
  const info = STEP_KIND_INFO[view.kind];
  const Icon = info.icon;
  const size = NODE_SIZE[view.kind];
  const frame = selected
    ? "border-accent ring-2 ring-accent/30"
    : view.issues > 0 && simplified
      ? "border-danger"
      : "border-border";
  if (simplified) {
    return (
      <SimplifiedNode
        data-testid={`step-node-${stepId}`}
        data-kind={view.kind}
        name={view.name}
        nameTestId="node-name"
        title={view.issues > 0 ? `${view.name} (${view.issues} issue(s))` : view.name}
        size={size}
        className={cn(
          "border-l-[16px] bg-surface",
          frame,
          KIND_BORDER[view.kind],
          comments > 0 && "ring-4 ring-accent/40",
        )}
      />
    );
  }
  const targetHandle = (
    <Handle
      type="target"
      id={HANDLE.in}
      position={Position.Left}
      className="!size-2.5 !border-2 !border-surface !bg-muted"
    />
  );
  const sourceHandle =
    sourceHandles ??
    (view.kind === "end" ? null : (
      <Handle
        type="source"
        id={HANDLE.out}
        position={Position.Right}
        className="!size-2.5 !border-2 !border-surface !bg-accent"
      />
    ));
  return (
    <div
      data-testid={`step-node-${stepId}`}
      data-kind={view.kind}
      style={{ width: size.width, height: size.height }}
      className={cn("flex items-center gap-3 rounded-xl border bg-surface px-3 shadow-sm", frame)}
    >
      {targetHandle}
      <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted", info.accent)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span
          className="line-clamp-2 text-[0.9375rem] leading-tight font-medium break-words text-foreground"
          data-testid="node-name"
        >
          {view.name}
        </span>
        {/* An end step's name says it all; its box has room for a two-line name only. */}
        {view.kind === "end" ? null : (
          <span className="block truncate text-xs text-muted">{view.tool ? view.tool : info.label}</span>
        )}
      </span>
      {view.issues > 0 ? (
        <span
          className="rounded-full bg-danger-soft px-1.5 text-xs font-medium text-danger"
          title={`${view.issues} issue(s)`}
          data-testid="node-issues"
        >
          {view.issues}
        </span>
      ) : null}
      {comments > 0 ? (
        <span
          className="flex items-center gap-0.5 rounded-full bg-accent-soft px-1.5 text-xs font-medium text-accent"
          title={`${comments} open review comment(s)`}
          data-testid="node-comments"
        >
          <MessageSquare className="size-3" aria-hidden="true" />
          {comments}
        </span>
      ) : null}
      {sourceHandle}
    </div>
  );
}
