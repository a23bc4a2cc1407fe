import { z } from "zod";

/**
 * A planned run's progress list (Aime's dynamic planner, issue #16): the tasks the planner model broke a request
 * into, each with the criterion that says when it is done and the actor that carries it out. Stored on the run
 * (`run.plan`) and sent whole in every `plan.updated` event, so a listener never has to merge partial lists.
 */

export const PLAN_LIMITS = {
  /** A plan may grow to this many tasks (the view stays usable at 100 and more). */
  tasks: 200,
  titleLength: 200,
  criteriaLength: 1000,
  resultLength: 4000,
} as const;

export const TASK_STATUSES = ["pending", "running", "done", "failed", "dropped"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const planTaskSchema = z.object({
  /** Stable within the run: `t1`, `t2`, … in the order the planner added them (a split task gets new ids). */
  id: z.string().regex(/^t[0-9]{1,4}$/),
  title: z.string().trim().min(1).max(PLAN_LIMITS.titleLength),
  /** When the task counts as done, in words the planner checks the actor's result against. */
  criteria: z.string().trim().min(1).max(PLAN_LIMITS.criteriaLength),
  /** The actor profile that carries it out; null: the planner has not chosen one (or none fits). */
  actorId: z.string().max(64).nullable(),
  actorName: z.string().max(120).nullable().default(null),
  status: z.enum(TASK_STATUSES),
  /** The actor's report once it ran (clipped), and the planner's reason for the status it gave. */
  result: z.string().max(PLAN_LIMITS.resultLength).nullable().default(null),
  note: z.string().max(PLAN_LIMITS.criteriaLength).nullable().default(null),
});
export type PlanTask = z.infer<typeof planTaskSchema>;

export const planStateSchema = z.object({
  /** Planner rounds so far: the first plan is round 1, each re-plan after a result adds one. */
  round: z.number().int().min(0),
  tasks: z.array(planTaskSchema).max(PLAN_LIMITS.tasks),
  /** The planner's answer to the request once it judged the request met. */
  answer: z
    .string()
    .max(PLAN_LIMITS.resultLength * 4)
    .nullable()
    .default(null),
});
export type PlanState = z.infer<typeof planStateSchema>;

export const EMPTY_PLAN: PlanState = { round: 0, tasks: [], answer: null };

/** Who changed the list: the planner model re-planning, or an operator editing a task of a paused run. */
export const PLAN_CHANGED_BY = ["planner", "operator"] as const;

/** The plan stored on a run; null when it holds none or it cannot be read. */
export function readPlanState(json: string | null | undefined): PlanState | null {
  if (!json) return null;
  try {
    const parsed = planStateSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The step id of the k-th tool call an actor made for a task: `t3-c2`. Such step runs are drawn on the canvas. */
export function taskCallStepId(taskId: string, call: number): string {
  return `${taskId}-c${call}`;
}

/** The task a planned run's step run belongs to, from its step id; null for any other step id. */
export function taskOfStepId(stepId: string): { taskId: string; call: number } | null {
  const match = /^(t[0-9]{1,4})-c([0-9]{1,4})$/.exec(stepId);
  return match ? { taskId: match[1], call: Number(match[2]) } : null;
}
