import "server-only";
import { z } from "zod";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import { PLAN_LIMITS, type PlanState, type PlanTask } from "../../events";
import { writeControl, type ControlledRun, type ControlWrite } from "../store";
import { ConflictError, NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../../db/core";
import { canViewRun, RUN_NOT_FOUND } from "../operations";
import { finishedRunProblem } from "../operations/rules";

export const editPlannedTaskInput = z.object({
  runId: z.string().trim().min(1).max(100),
  taskId: z.string().regex(/^t[0-9]{1,4}$/, "That is not a task of a planned run."),
  title: z
    .string()
    .trim()
    .min(1, "Give the task a title.")
    .max(PLAN_LIMITS.titleLength, `Keep the title under ${PLAN_LIMITS.titleLength} characters.`),
  criteria: z
    .string()
    .trim()
    .min(1, "Say when the task counts as done.")
    .max(PLAN_LIMITS.criteriaLength, `Keep the criteria under ${PLAN_LIMITS.criteriaLength} characters.`),
  /** Another actor profile; null leaves the choice to the planner, absent keeps the task's actor. */
  actorId: z.string().trim().min(1).max(64).nullable().optional(),
});

export type TaskEdit = { title: string; criteria: string; actorId?: string | null };

/**
 * Changes a pending task of a paused planned run: its title, its criteria, or the actor that will carry it out.
 * Operators and admins who may see the run. ConflictError unless the run is paused and the task has not started
 * (a task that ran is history: the planner already read its result). The new list, its `plan.updated` event (by
 * the operator, numbered after the run's last event) and the audit entry are written in one transaction and the
 * event is published to the run's listeners. Returns the plan as stored; an edit that changes nothing writes nothing.
 */
export async function editPlannedTask(
  viewer: Viewer | null,
  runId: string,
  taskId: string,
  edit: TaskEdit,
): Promise<{ plan: PlanState }> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const input = parseInput(editPlannedTaskInput, { runId, taskId, ...edit });
  if (!(await canViewRun(viewer, input.runId))) throw new NotFoundError(RUN_NOT_FOUND);
  const actor: Actor =
    input.actorId === undefined || input.actorId === null ? input.actorId : await findActor(input.actorId);
  const decided: { plan?: PlanState } = {};
  await writeControl(viewer, input.runId, (run) => {
    const { plan, writes } = decideEdit(run, viewer, { ...input, actor });
    decided.plan = plan;
    return writes;
  });
  return { plan: decided.plan as PlanState };
}

type Actor = { id: string; name: string } | null | undefined;

function decideEdit(
  run: ControlledRun,
  viewer: Viewer,
  edit: { taskId: string; title: string; criteria: string; actor: Actor },
): { plan: PlanState; writes: ControlWrite[] } {
  const { snapshot } = run;
  if (snapshot.execution.mode !== "planned" || !snapshot.plan) {
    throw new ConflictError("This run has no task list to edit: only a planned run has one.");
  }
  const finished = finishedRunProblem(snapshot.status, "edited");
  if (finished) throw new ConflictError(finished);
  if (snapshot.status !== "paused") throw new ConflictError("Pause the run to edit its tasks.");
  const task = snapshot.plan.tasks.find((candidate) => candidate.id === edit.taskId);
  if (!task) throw new NotFoundError(`The run's list has no task ${edit.taskId}.`);
  if (task.status !== "pending") {
    throw new ConflictError(`Task ${task.id} is ${task.status}; only a task that has not started can be edited.`);
  }
  const changed: PlanTask = {
    ...task,
    title: edit.title,
    criteria: edit.criteria,
    ...(edit.actor === undefined ? {} : { actorId: edit.actor?.id ?? null, actorName: edit.actor?.name ?? null }),
  };
  const changes = describeChanges(task, changed);
  if (changes.length === 0) return { plan: snapshot.plan, writes: [] };
  const plan = { ...snapshot.plan, tasks: snapshot.plan.tasks.map((one) => (one.id === task.id ? changed : one)) };
  const summary = `${viewer.name} changed ${task.id}'s ${joinWords(changes)}.`;
  return {
    plan,
    writes: [
      {
        change: { run: { plan } },
        events: [{ type: "plan.updated", data: { plan, by: "operator", summary, operator: viewer.name } }],
        audit: { action: "run.task_edited", detail: { taskId: task.id, changed: changes } },
      },
    ],
  };
}

/** The actor profile an operator picked; a ValidationError on the field when it does not exist (any more). */
async function findActor(actorId: string): Promise<{ id: string; name: string }> {
  const actor = await withDbErrors(() =>
    prisma.actorProfile.findUnique({ where: { id: actorId }, select: { id: true, name: true } }),
  );
  if (!actor) {
    const message = "That actor no longer exists; pick another one.";
    throw new ValidationError(message, { actorId: [message] });
  }
  return actor;
}

function describeChanges(before: PlanTask, after: PlanTask): string[] {
  const changes: string[] = [];
  if (before.title !== after.title) changes.push("title");
  if (before.criteria !== after.criteria) changes.push("criteria");
  if (before.actorId !== after.actorId) changes.push("actor");
  return changes;
}

function joinWords(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
