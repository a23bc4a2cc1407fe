"use client";

import { Pencil, UserRound } from "lucide-react";
import { memo } from "react";
import { Button, cn, Spinner } from "@/components/ui";
import type { PlanTask } from "@/lib/events";
import { describeStep } from "@/lib/routine";
import { selectNodeRunView, selectTaskCalls, selectTaskStatus } from "@/lib/stores/run-view";
import { useRunStructure, useRunView } from "../run-view-context";
import { STEP_STATE_STYLE, TASK_STATUS_STYLE, TONE_TEXT } from "../run-styles";

type Props = {
  task: PlanTask;
  number: number;
  editable: boolean;
  onEdit: (task: PlanTask) => void;
  onOpenStep: (stepId: string) => void;
};

/** Every plan.updated brings a new list of new objects: a row re-renders only when its own task changed. */
const sameRow = (a: Props, b: Props) =>
  a.number === b.number &&
  a.editable === b.editable &&
  a.onEdit === b.onEdit &&
  a.onOpenStep === b.onOpenStep &&
  a.task.id === b.task.id &&
  a.task.title === b.task.title &&
  a.task.criteria === b.task.criteria &&
  a.task.status === b.task.status &&
  a.task.actorId === b.task.actorId &&
  a.task.actorName === b.task.actorName &&
  a.task.result === b.task.result &&
  a.task.note === b.task.note;

/** One task of a planned run: status, title, "done when …", its actor, its calls, and its result folded. */
export const TaskRow = memo(function TaskRow({ task, number, editable, onEdit, onOpenStep }: Props) {
  const status = useRunView((state) => selectTaskStatus(state, task.id, task.status));
  const calls = useRunView((state) => selectTaskCalls(state, task.id));
  const style = TASK_STATUS_STYLE[status];
  const Icon = style.icon;
  const finished = status === "done" || status === "dropped";
  return (
    <li
      // Rows off screen skip layout and paint; the intrinsic size keeps the scrollbar from jumping.
      className={cn(
        "rounded-lg border border-border px-2.5 py-2 [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto]",
        status === "running" && "border-accent ring-1 ring-accent/30",
        status === "failed" && "border-danger/60",
      )}
      data-testid={`task-${task.id}`}
      data-status={status}
    >
      <div className="flex items-start gap-2">
        <span className={cn("mt-0.5 shrink-0", TONE_TEXT[style.tone])} title={style.label}>
          {status === "running" ? <Spinner className="size-4" /> : <Icon className="size-4" aria-hidden="true" />}
          <span className="sr-only">{style.label}</span>
        </span>
        <div className="min-w-0 flex-1 space-y-0.5">
          <p
            className={cn(
              "text-sm break-words text-foreground",
              finished && "text-muted",
              status === "dropped" && "line-through decoration-muted/60",
            )}
            data-testid="task-title"
          >
            {number}. {task.title}
          </p>
          <p className="text-xs break-words text-muted" data-testid="task-criteria">
            Done when {task.criteria}
          </p>
          <p className="flex items-center gap-1 text-xs text-muted" data-testid="task-actor">
            <UserRound className="size-3" aria-hidden="true" />
            {task.actorName ?? (task.actorId ? task.actorId : "No actor chosen yet")}
          </p>
        </div>
        {editable ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onEdit(task)}
            aria-label={`Edit task ${number}: ${task.title}`}
            data-testid={`task-edit-${task.id}`}
          >
            <Pencil className="size-3.5" aria-hidden="true" /> Edit
          </Button>
        ) : null}
      </div>
      {calls.length > 0 ? (
        <ol className="mt-1.5 flex flex-wrap gap-1 pl-6" aria-label={`Calls for task ${number}`}>
          {calls.map((stepId) => (
            <li key={stepId}>
              <CallChip stepId={stepId} onOpen={onOpenStep} />
            </li>
          ))}
        </ol>
      ) : null}
      {task.result || task.note ? (
        <details className="mt-1.5 pl-6 text-xs" data-testid="task-result">
          <summary className="cursor-pointer text-muted hover:text-foreground">
            {task.result ? "Result" : "Planner's note"}
          </summary>
          {task.result ? <p className="mt-1 whitespace-pre-wrap break-words text-foreground">{task.result}</p> : null}
          {task.note ? <p className="mt-1 whitespace-pre-wrap break-words text-muted">{task.note}</p> : null}
        </details>
      ) : null}
    </li>
  );
}, sameRow);

/** A call the task's actor made, coloured by its step's state; opens the step's detail. */
const CallChip = memo(function CallChip({ stepId, onOpen }: { stepId: string; onOpen: (stepId: string) => void }) {
  const step = useRunStructure().steps.get(stepId);
  const view = useRunView((state) => selectNodeRunView(state, stepId));
  const style = STEP_STATE_STYLE[view.state];
  const tool = (step && describeStep(step).toolOf(step)?.name) ?? stepId;
  return (
    <button
      type="button"
      onClick={() => onOpen(stepId)}
      className={cn(
        "flex items-center gap-1 rounded-md border border-border px-1.5 py-0.5 font-mono text-[11px] hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring",
        TONE_TEXT[style.tone],
        view.selected && "bg-surface-muted",
      )}
      title={`${tool}: ${style.label}`}
      data-testid="task-call"
      data-step={stepId}
      data-state={view.state}
    >
      {tool}
    </button>
  );
});
