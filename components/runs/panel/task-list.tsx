"use client";

import { ListChecks } from "lucide-react";
import { useCallback, useState } from "react";
import { Alert, EmptyState, ProgressBar, Spinner } from "@/components/ui";
import { isFinished, type PlanTask } from "@/lib/events";
import { selectPlan, selectPlanChange, taskCounts, type RunViewStoreState } from "@/lib/stores/run-view";
import type { PlannedRunProps } from "../planned-types";
import { useRunView } from "../run-view-context";
import { TaskEditDialog } from "./task-edit-dialog";
import { TaskRow } from "./task-row";

const selectStatus = (state: RunViewStoreState) => state.header.status;
const selectRunId = (state: RunViewStoreState) => state.header.runId;

/**
 * A planned run's progress: the planner's task list, ticking live. Each task with its status, title, completion
 * criterion, actor, and its result folded; the count and the planner's last word above. Rows are memoised on their
 * task's fields and skip layout off screen (content-visibility), so a list of 100 and more stays cheap. While the
 * run is paused, an operator may edit a task that has not started.
 */
export function TaskList({
  onOpenStep,
  canControl,
  planned,
}: {
  onOpenStep: (stepId: string) => void;
  canControl: boolean;
  planned: PlannedRunProps | null;
}) {
  const plan = useRunView(selectPlan);
  const change = useRunView(selectPlanChange);
  const status = useRunView(selectStatus);
  const runId = useRunView(selectRunId);
  const [editing, setEditing] = useState<PlanTask | null>(null);
  const editable = canControl && planned !== null && status === "paused";
  const onEdit = useCallback((task: PlanTask) => setEditing(task), []);

  if (!plan || plan.tasks.length === 0) {
    if (isFinished(status))
      return (
        <EmptyState icon={ListChecks} title="No tasks" testId="task-list-empty">
          The run ended before the planner made a list.
        </EmptyState>
      );
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status" data-testid="task-list-empty">
        <Spinner className="size-4" /> The planner is breaking the request into tasks…
      </p>
    );
  }
  const counts = taskCounts(plan);
  return (
    <div className="space-y-3" data-testid="task-list">
      <p className="text-xs text-muted" data-testid="task-count" aria-live="polite">
        {counts.done} of {counts.total} tasks done
        {counts.failed ? ` · ${counts.failed} not met` : ""}
        {counts.dropped ? ` · ${counts.dropped} dropped` : ""} · planner round {plan.round}
      </p>
      <ProgressBar done={counts.done} total={counts.total} />
      {change ? (
        <p className="text-xs text-muted" data-testid="plan-summary">
          <span className="font-medium text-foreground">
            {change.by === "operator" ? `${change.operator ?? "An operator"}:` : "Planner:"}
          </span>{" "}
          {change.summary}
        </p>
      ) : null}
      {plan.answer ? (
        <Alert tone="success" title="The planner's answer" testId="plan-answer">
          <p className="whitespace-pre-wrap">{plan.answer}</p>
        </Alert>
      ) : null}
      {editable ? (
        <p className="text-xs text-muted">The run is paused: tasks that have not started can be edited.</p>
      ) : null}
      <ol className="space-y-1.5">
        {plan.tasks.map((task, index) => (
          <TaskRow
            key={task.id}
            task={task}
            number={index + 1}
            editable={editable && task.status === "pending"}
            onEdit={onEdit}
            onOpenStep={onOpenStep}
          />
        ))}
      </ol>
      {planned && editing ? (
        <TaskEditDialog
          key={editing.id}
          runId={runId}
          task={editing}
          actors={planned.actors}
          action={planned.editTask}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
