import { z } from "zod";
import {
  branchStepSchema,
  edgeSchema,
  endStepSchema,
  humanStepSchema,
  idSchema,
  LIMITS,
  ROUTINE_SCHEMA_VERSION,
  routineSchema,
  routineStepSchema,
  skillStepSchema,
  toolStepSchema,
  type Routine,
} from "../routine";
import { assignEdgeIds } from "./edge-ids";

/*
 * The planner's answer: the Routine schema without what is ours to set (schemaVersion, the routine's id, canvas
 * positions and edge ids), plus the rationale. Derived from lib/routine's zod schemas so the two cannot drift.
 * Unknown keys (a position the model invents) are dropped by zod's default object parsing.
 */
const withoutPosition = { position: true } as const;

const plannerStepSchema = z.discriminatedUnion("kind", [
  toolStepSchema.omit(withoutPosition),
  skillStepSchema.omit(withoutPosition),
  branchStepSchema.omit(withoutPosition),
  humanStepSchema.omit(withoutPosition),
  routineStepSchema.omit(withoutPosition),
  endStepSchema.omit(withoutPosition),
]);

/** Edge ids are optional: nothing refers to them, so missing or repeated ones are renumbered (normalizeOutput). */
const plannerEdgeSchema = edgeSchema.extend({ id: idSchema.optional() });

// The default run mode is not the planner's to choose: the saved version keeps its base's.
const plannerRoutineSchema = routineSchema.omit({ schemaVersion: true, id: true, defaultMode: true }).extend({
  steps: z.array(plannerStepSchema).min(1, "Write at least one step.").max(LIMITS.steps),
  edges: z.array(plannerEdgeSchema).max(LIMITS.edges),
});

export const plannerRationaleSchema = z.object({
  summary: z.string().trim().max(LIMITS.textLength).default(""),
  /** Step id → why this step is new or changed, in a sentence. */
  steps: z.record(z.string().max(64), z.string().trim().max(LIMITS.textLength)).default({}),
});

export const plannerOutputSchema = z.object({
  routine: plannerRoutineSchema,
  rationale: plannerRationaleSchema.default({ summary: "", steps: {} }),
});
export type PlannerOutput = z.infer<typeof plannerOutputSchema>;

/**
 * The JSON Schema sent as `response_format` with strict: false. OpenAI's strict mode needs every property
 * required and no free-form maps, and the Routine model has both (optional fields with defaults; step inputs keyed
 * by parameter name; literal values of any JSON type), so a strict schema would be a second, reshaped model.
 * Instead the model is guided by this schema and its answer is checked with zod here; what zod rejects goes back
 * to the model as issues to repair (see docs/decisions/0010-planner.md).
 */
export const PLANNER_RESPONSE_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(plannerOutputSchema, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return schema;
})();

export const PLANNER_RESPONSE_FORMAT = {
  name: "planned_routine",
  schema: PLANNER_RESPONSE_SCHEMA,
  strict: false,
} as const;

/**
 * The planner's routine as a Routine: our schema version and id, every edge with a unique id, steps and edges in
 * the order the model wrote them, no positions (saving lays the routine out).
 */
export function toRoutine(output: PlannerOutput, routineId: string): Routine {
  return routineSchema.parse({
    ...output.routine,
    edges: assignEdgeIds(output.routine.edges),
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: routineId,
  });
}
