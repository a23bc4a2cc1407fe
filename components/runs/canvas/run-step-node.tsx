"use client";

import type { NodeProps, NodeTypes } from "@xyflow/react";
import { memo } from "react";
import { HandleAnchors, SimplifiedNode, useSimplifiedDrawing } from "@/components/canvas";
import { STEP_KIND_LOOKS, stepDetailLine } from "@/components/step-kinds";
import { cn, Spinner } from "@/components/ui";
import { NODE_SIZE, type StepNode } from "@/lib/graph";
import type { StepKind } from "@/lib/routine";
import { selectNodeRunView } from "@/lib/stores/run-view";
import { STEP_STATE_STYLE, TONE_BADGE } from "../run-styles";
import { useRunStructure, useRunView } from "../run-view-context";

/**
 * A step as the run shows it: the designer's look, framed and badged by its state (a spinner while running, the
 * error when it failed, "waiting for you" at a human step). It subscribes to its own step's slice of the run store,
 * so an event about another step does not re-render it. `compact`: a small box (an end, a branch) has its name
 * beside the state badge, whose words only a screen reader reads, and no detail line.
 */
function RunStepBody({ stepId, compact }: { stepId: string; compact: boolean }) {
  const structure = useRunStructure();
  const view = useRunView((state) => selectNodeRunView(state, stepId));
  const simplified = useSimplifiedDrawing();
  const step = structure.steps.get(stepId);
  if (!step) return null;
  const style = STEP_STATE_STYLE[view.state];
  const look = STEP_KIND_LOOKS[step.kind];
  const Icon = look.icon;
  const StateIcon = style.icon;
  const size = NODE_SIZE[step.kind];
  const frame = cn(
    "rounded-xl border-2 transition-colors",
    style.frame,
    view.selected && "outline-4 outline-offset-2 outline-accent/50",
  );
  const common = {
    "data-testid": `run-node-${step.id}`,
    "data-state": view.state,
    "data-selected": view.selected || undefined,
    style: size,
  };
  const stateLine =
    view.state === "waiting"
      ? view.waitingFor === "person"
        ? "Waiting for you"
        : "Waiting for a sub-routine"
      : style.label;
  if (simplified) {
    return (
      <SimplifiedNode
        data-testid={common["data-testid"]}
        data-state={common["data-state"]}
        data-selected={common["data-selected"]}
        name={step.name}
        nameTestId="run-node-name"
        title={`${step.name}: ${stateLine}`}
        size={size}
        className={frame}
      >
        <HandleAnchors step={step} outgoing={structure.outgoing.get(step.id) ?? []} />
      </SimplifiedNode>
    );
  }
  const badge = (
    <span
      className={cn(
        "flex shrink-0 items-center gap-1 rounded-full px-1.5 py-0.5 text-[11px] leading-none font-semibold",
        TONE_BADGE[style.tone],
      )}
      data-testid="run-node-state"
      title={view.error ?? stateLine}
    >
      {view.state === "running" ? <Spinner className="size-3" /> : <StateIcon className="size-3" aria-hidden="true" />}
      <span className={cn(compact && "sr-only")}>{stateLine}</span>
      {view.attempt > 1 ? <span title={`Attempt ${view.attempt}`}>· try {view.attempt}</span> : null}
    </span>
  );
  return (
    <div {...common} className={cn("flex items-center gap-2.5 px-3 shadow-sm", frame)} title={view.error ?? undefined}>
      <HandleAnchors step={step} outgoing={structure.outgoing.get(step.id) ?? []} />
      <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface/80", look.accent)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      {compact ? (
        <>
          <span
            className="min-w-0 flex-1 line-clamp-2 text-[0.9375rem] leading-tight font-medium break-words text-foreground"
            data-testid="run-node-name"
          >
            {step.name}
          </span>
          {badge}
        </>
      ) : (
        <span className="min-w-0 flex-1 space-y-1">
          <span
            className="line-clamp-2 text-[0.9375rem] leading-tight font-medium break-words text-foreground"
            data-testid="run-node-name"
          >
            {step.name}
          </span>
          <span className="flex min-w-0 items-center gap-1.5">
            {badge}
            {view.state === "failed" && view.error ? (
              <span className="min-w-0 truncate text-xs font-medium text-danger" data-testid="run-node-error">
                {view.error}
              </span>
            ) : (
              <span className="min-w-0 truncate text-xs text-muted">{stepDetailLine(step)}</span>
            )}
          </span>
        </span>
      )}
    </div>
  );
}

/** A step drawn with its detail line (its tool, or its kind) under its name and state. */
export const RunStepNode = memo(function RunStepNode({ data }: NodeProps<StepNode>) {
  return <RunStepBody stepId={data.stepId} compact={false} />;
});

/** A step in a small box (an end, a branch): its name and state badge side by side. */
export const RunCompactStepNode = memo(function RunCompactStepNode({ data }: NodeProps<StepNode>) {
  return <RunStepBody stepId={data.stepId} compact />;
});

/** Each step kind's node on the run canvas: a small box (an end, a branch) draws compact. */
export const RUN_STEP_NODES = {
  tool: RunStepNode,
  skill: RunStepNode,
  branch: RunCompactStepNode,
  human: RunStepNode,
  routine: RunStepNode,
  end: RunCompactStepNode,
} satisfies { readonly [K in StepKind]: NodeTypes[string] };
