"use client";

import { Ban } from "lucide-react";
import { memo } from "react";
import { Badge, cn } from "@/components/ui";
import {
  callOutsideSteps,
  formatTokens,
  selectAgentLog,
  selectExtraStepIds,
  selectNodeRunView,
  type AgentLogEntry,
} from "@/lib/stores/run-view";
import { STEP_STATE_STYLE } from "../run-styles";
import { useRunStructure, useRunView } from "../run-view-context";
import { PlannedLogEntry } from "./planned-log-entry";

/**
 * The agent's log in agent mode: each model turn with the calls it asked for, each call the engine sent (with the
 * routine step it served and that step's live state) and each call it refused, with the reason; in a planned run
 * also the planner's turns, its changes to the task list, and each task handed to an actor and reported back. The
 * list subscribes to the log (which only grows); a call's row to its own step.
 */
export function AgentLog({ onOpenStep }: { onOpenStep: (stepId: string) => void }) {
  const log = useRunView(selectAgentLog);
  if (log.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="agent-log-empty">
        No model has taken a turn yet. Turns, calls and any refused call appear here as they happen.
      </p>
    );
  return (
    <ol className="space-y-2" data-testid="agent-log">
      {log.map((entry) => (
        <li key={entry.seq}>
          <LogEntry entry={entry} onOpenStep={onOpenStep} />
        </li>
      ))}
    </ol>
  );
}

const LogEntry = memo(function LogEntry({
  entry,
  onOpenStep,
}: {
  entry: AgentLogEntry;
  onOpenStep: (stepId: string) => void;
}) {
  if (entry.kind === "planner" || entry.kind === "plan" || entry.kind === "task")
    return <PlannedLogEntry entry={entry} />;
  if (entry.kind === "turn")
    return (
      <div className="rounded-lg border border-border p-2 text-xs" data-testid="agent-log-turn" data-turn={entry.turn}>
        <p className="mb-1 text-muted">
          Turn {entry.turn} · {formatTokens(entry.inputTokens)} in · {formatTokens(entry.outputTokens)} out
        </p>
        {entry.content ? <p className="whitespace-pre-wrap text-foreground">{entry.content}</p> : null}
        {entry.toolCalls.map((call, index) => (
          <p key={index} className="mt-1 break-words font-mono text-accent">
            {call.name}({call.arguments})
          </p>
        ))}
      </div>
    );
  if (entry.kind === "refused")
    return (
      <div
        className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning-soft p-2 text-xs"
        role="note"
        data-testid="agent-log-refused"
        data-tool={entry.tool}
      >
        <Ban className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />
        <span>
          <span className="font-medium text-foreground">Refused {entry.tool}</span>
          <span className="text-muted">: {entry.reason}</span>
        </span>
      </div>
    );
  return <CallRow stepId={entry.stepId} tool={entry.tool} onOpen={onOpenStep} />;
});

/** A call the engine sent, as the step it was recorded against; opens that step's detail. */
const CallRow = memo(function CallRow({
  stepId,
  tool,
  onOpen,
}: {
  stepId: string;
  tool: string;
  onOpen: (stepId: string) => void;
}) {
  const step = useRunStructure().steps.get(stepId);
  const view = useRunView((state) => selectNodeRunView(state, stepId));
  const style = STEP_STATE_STYLE[view.state];
  return (
    <button
      type="button"
      onClick={() => onOpen(stepId)}
      className={cn(
        "flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-xs hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring",
        view.selected && "bg-surface-muted",
      )}
      data-testid="agent-log-call"
      data-step={stepId}
      data-state={view.state}
    >
      <span className="font-mono text-foreground">{tool}</span>
      <span className="min-w-0 flex-1 truncate text-muted">
        {step ? `→ ${step.name}` : "→ outside the routine’s steps"}
      </span>
      <Badge tone={style.tone}>{style.label}</Badge>
    </button>
  );
});

/**
 * Calls an agent made to tools no step of the routine uses: listed under the progress list (never drawn on the
 * canvas), each opening its detail. Nothing is rendered while there are none, so workflow runs look as before.
 */
export function OutsideCalls({ onOpenStep }: { onOpenStep: (stepId: string) => void }) {
  const ids = useRunView(selectExtraStepIds);
  if (ids.length === 0) return null;
  return (
    <div className="space-y-1 border-t border-border pt-3" data-testid="outside-calls">
      <p className="text-xs text-muted">Calls outside the routine’s steps</p>
      <ol className="space-y-1">
        {ids.map((id) => (
          <li key={id}>
            <CallRow stepId={id} tool={callOutsideSteps(id) ?? id} onOpen={onOpenStep} />
          </li>
        ))}
      </ol>
    </div>
  );
}
