"use client";

import { useState, useTransition, type FormEvent } from "react";
import { Alert, Dialog, Field, FormButtons, Input, Textarea } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { PLAN_LIMITS, type PlanTask } from "@/lib/events";
import type { ActionState } from "@/lib/forms";
import type { ActorOption, EditTaskAction } from "../planned-types";

/**
 * Edits a task that has not started, while its run is paused: its title, when it counts as done, and the actor
 * that carries it out. The new list arrives through the run's stream (plan.updated); the dialog closes on success
 * and shows the server's refusal (the run resumed meanwhile, the task started) otherwise.
 */
export function TaskEditDialog({
  runId,
  task,
  actors,
  action,
  onClose,
}: {
  runId: string;
  task: PlanTask;
  actors: ActorOption[];
  action: EditTaskAction;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(task.title);
  const [criteria, setCriteria] = useState(task.criteria);
  const [actorId, setActorId] = useState(task.actorId ?? "");
  const [state, setState] = useState<ActionState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  // An actor the list names but the profiles no longer hold stays selectable, so saving does not change it silently.
  const known = actors.some((actor) => actor.id === task.actorId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await action({ runId, taskId: task.id, title, criteria, actorId });
      if (result.status === "success") onClose();
      else setState(result);
    });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Edit task ${task.id}`}
      description="The planner works from the edited task when the run resumes."
      testId="task-edit-dialog"
    >
      <form onSubmit={submit} className="space-y-4" noValidate data-testid="task-edit-form">
        {state.status === "error" ? <Alert tone="error" title={state.message} testId="task-edit-error" /> : null}
        <Field id="task-edit-title" label="Title" errors={errors?.title}>
          {(aria) => (
            <Input
              {...aria}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              maxLength={PLAN_LIMITS.titleLength}
              required
              autoFocus
              data-testid="task-edit-title"
            />
          )}
        </Field>
        <Field
          id="task-edit-criteria"
          label="Done when"
          hint="What the actor's result must show for the task to count as done."
          errors={errors?.criteria}
        >
          {(aria) => (
            <Textarea
              {...aria}
              value={criteria}
              onChange={(event) => setCriteria(event.target.value)}
              maxLength={PLAN_LIMITS.criteriaLength}
              rows={3}
              required
              data-testid="task-edit-criteria"
            />
          )}
        </Field>
        <Field id="task-edit-actor" label="Actor" errors={errors?.actorId}>
          {(aria) => (
            <Select
              {...aria}
              value={actorId}
              onChange={(event) => setActorId(event.target.value)}
              data-testid="task-edit-actor"
            >
              <option value="">Let the planner choose</option>
              {task.actorId && !known ? <option value={task.actorId}>{task.actorName ?? task.actorId}</option> : null}
              {actors.map((actor) => (
                <option key={actor.id} value={actor.id}>
                  {actor.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <FormButtons onCancel={onClose} pending={pending} submitTestId="task-edit-submit">
          Save task
        </FormButtons>
      </form>
    </Dialog>
  );
}
