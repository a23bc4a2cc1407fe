import { z } from "zod";
import { PLAN_LIMITS } from "../../../events";

/**
 * The planner's answer in a planned run: the changes to the progress list, the task to dispatch next, and whether
 * the request is met. An existing task is named by its id and may leave out what it keeps (title, criteria, actor);
 * a task the answer does not mention stays as it is, so a long list costs only the lines that change.
 */
export const plannerTaskSchema = z.object({
  /** An existing task's id; absent for a new task (the engine numbers new tasks). */
  id: z.string().max(16).optional(),
  title: z.string().trim().min(1).max(PLAN_LIMITS.titleLength).optional(),
  criteria: z.string().trim().min(1).max(PLAN_LIMITS.criteriaLength).optional(),
  /** The actor profile's id; null: none chosen yet. */
  actor: z.string().max(64).nullable().optional(),
  /** Absent: unchanged (a new task starts pending). */
  status: z.enum(["pending", "done", "dropped"]).optional(),
  /** Why the status is what it is (kept pending: what is missing; dropped: why). */
  note: z.string().trim().max(PLAN_LIMITS.criteriaLength).nullable().optional(),
});
export type PlannerTask = z.infer<typeof plannerTaskSchema>;

export const plannerAnswerSchema = z.object({
  tasks: z.array(plannerTaskSchema).max(PLAN_LIMITS.tasks).default([]),
  /** The pending task to hand to its actor now; null when finished. */
  next: z.string().max(16).nullable().default(null),
  finished: z.boolean().default(false),
  /** The answer to the request, when finished. */
  answer: z
    .string()
    .trim()
    .max(PLAN_LIMITS.resultLength * 4)
    .nullable()
    .default(null),
});
export type PlannerAnswer = z.infer<typeof plannerAnswerSchema>;

/** The JSON Schema sent as response_format; not strict (optional fields), the answer is checked with zod here. */
export const PLANNED_RESPONSE_FORMAT = {
  name: "planned_run_tasks",
  schema: (() => {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(plannerAnswerSchema, { io: "input" }) as Record<
      string,
      unknown
    >;
    return schema;
  })(),
  strict: false,
} as const;

const FENCE = /^```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/**
 * Reads the planner's answer: JSON (a single ```json fence is unwrapped, as some servers wrap JSON even when asked
 * not to), then the schema. A problem comes back in words the planner can act on in its repair turn.
 */
export function parsePlannerAnswer(
  content: string | null,
): { ok: true; answer: PlannerAnswer } | { ok: false; problem: string } {
  const trimmed = content?.trim() ?? "";
  if (trimmed === "") return { ok: false, problem: "The answer was empty; answer with the JSON object." };
  const text = FENCE.exec(trimmed)?.[1] ?? trimmed;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "The answer is not valid JSON; answer with the JSON object only." };
  }
  const parsed = plannerAnswerSchema.safeParse(value);
  if (parsed.success) return { ok: true, answer: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 8)
    .map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`);
  return { ok: false, problem: `The answer does not follow the format: ${issues.join("; ")}.` };
}
