"use client";

import { Handle, Position, type NodeProps } from "@xyflow/react";
import { MessageSquare } from "lucide-react";
import { memo, type ReactNode } from "react";
import { cn } from "@/components/ui";
import { SimplifiedNode, useSimplifiedDrawing } from "@/components/canvas";
import { STEP_KIND_LOOKS, stepDetailLine } from "@/components/step-kinds";
import { HANDLE, NODE_SIZE, type StepNode } from "@/lib/graph";
import type { StepKind } from "@/lib/routine";
import { selectStep, type DesignerStoreState } from "@/lib/stores/designer";
import { useStepCommentCount } from "../comments/comments-context";
import { useDesigner } from "../designer-context";

/**
 * What a node shows; selected so that typing a step's description re-renders no node at all. Its kind is the
 * node's own type (React Flow passes it), so the selector reads only what can change under the node.
 */
function selectNodeView(state: DesignerStoreState, stepId: string) {
  const step = selectStep(state, stepId);
  return {
    name: step?.name ?? "",
    detail: step ? stepDetailLine(step) : null,
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

const HANDLE_LOOK = "!size-2.5 !border-2";
// Drawn simplified, handles stay in place unseen and unconnectable: React Flow measures where edges attach from the
// handles in the DOM when it first sizes a node, and a node measured without them would lose its edges for good.
const HIDDEN = "!invisible";

/** A step node's handle classes: its `look`, and unseen when `hidden` (the simplified drawing). */
export function handleClass(look: string, hidden: boolean): string {
  return cn(HANDLE_LOOK, look, hidden && HIDDEN);
}

const targetHandle = (hidden: boolean) => (
  <Handle
    type="target"
    id={HANDLE.in}
    position={Position.Left}
    isConnectable={!hidden}
    className={handleClass("!border-surface !bg-muted", hidden)}
  />
);
const TARGET_HANDLE = targetHandle(false);
const HIDDEN_TARGET_HANDLE = targetHandle(true);

/** A step's ways out, drawn by its kind; `hidden` on the simplified drawing. */
export type WaysOut = (hidden: boolean) => ReactNode;

const oneWayOut = (hidden: boolean) => (
  <Handle
    type="source"
    id={HANDLE.out}
    position={Position.Right}
    isConnectable={!hidden}
    className={handleClass("!border-surface !bg-accent", hidden)}
  />
);
const ONE_WAY_OUT = oneWayOut(false);
const HIDDEN_ONE_WAY_OUT = oneWayOut(true);
const ONE_WAY: WaysOut = (hidden) => (hidden ? HIDDEN_ONE_WAY_OUT : ONE_WAY_OUT);
const NO_WAY: WaysOut = () => null;

/**
 * The common body of every step node on the designer's canvas: icon, name, the kind's detail line (its tool),
 * validation and review-comment badges, and its handles; `waysOut` draws the kind's ways out. Simplified (a large
 * routine zoomed out, see useSimplifiedDrawing) it is the step's name in large type in a box of the same size whose
 * left border is the kind's colour, its handles unseen (too small to grab there, but where edges attach): a thousand
 * nodes then cost little to mount, paint and hit-test, which is what keeps loading and panning a large routine fast.
 */
export function DesignerStepShell({
  stepId,
  kind,
  selected,
  waysOut,
}: {
  stepId: string;
  kind: StepKind;
  selected: boolean;
  waysOut: WaysOut;
}) {
  useRenderCount();
  const view = useDesigner((state) => selectNodeView(state, stepId));
  // Its own store: typing in the inspector never touches it, and resolving a comment re-renders one node.
  const comments = useStepCommentCount(stepId);
  const simplified = useSimplifiedDrawing();
  const look = STEP_KIND_LOOKS[kind];
  const Icon = look.icon;
  const size = NODE_SIZE[kind];
  const frame = selected
    ? "border-accent ring-2 ring-accent/30"
    : view.issues > 0 && simplified
      ? "border-danger"
      : "border-border";
  if (simplified) {
    return (
      <SimplifiedNode
        data-testid={`step-node-${stepId}`}
        data-kind={kind}
        name={view.name}
        nameTestId="node-name"
        title={view.issues > 0 ? `${view.name} (${view.issues} issue(s))` : view.name}
        size={size}
        className={cn("border-l-[16px] bg-surface", frame, look.border, comments > 0 && "ring-4 ring-accent/40")}
      >
        {HIDDEN_TARGET_HANDLE}
        {waysOut(true)}
      </SimplifiedNode>
    );
  }
  return (
    <div
      data-testid={`step-node-${stepId}`}
      data-kind={kind}
      style={size}
      className={cn("flex items-center gap-3 rounded-xl border bg-surface px-3 shadow-sm", frame)}
    >
      {TARGET_HANDLE}
      <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted", look.accent)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span
          className="line-clamp-2 text-[0.9375rem] leading-tight font-medium break-words text-foreground"
          data-testid="node-name"
        >
          {view.name}
        </span>
        {view.detail === null ? null : <span className="block truncate text-xs text-muted">{view.detail}</span>}
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
      {waysOut(false)}
    </div>
  );
}

/** A step with one way in and one way out (tool, skill, human, sub-routine). */
export const DesignerStepNode = memo(function DesignerStepNode({ data, type, selected }: NodeProps<StepNode>) {
  return <DesignerStepShell stepId={data.stepId} kind={type} selected={selected} waysOut={ONE_WAY} />;
});

/** A step the run ends at: one way in, none out. */
export const DesignerEndNode = memo(function DesignerEndNode({ data, type, selected }: NodeProps<StepNode>) {
  return <DesignerStepShell stepId={data.stepId} kind={type} selected={selected} waysOut={NO_WAY} />;
});
