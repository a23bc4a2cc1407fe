import { z } from "zod";
import { branchStepSchema } from "./kinds/branch/schema";
import { endStepSchema } from "./kinds/end/schema";
import { humanStepSchema } from "./kinds/human/schema";
import { routineStepSchema } from "./kinds/routine/schema";
import { skillStepSchema } from "./kinds/skill/schema";
import { toolStepSchema } from "./kinds/tool/schema";
import { idSchema, LIMITS, nameSchema, paramSchema, textSchema } from "./step-base";

/**
 * The Routine model: one schema for planner output, stored JSON, editor state and runner input.
 * Bump ROUTINE_SCHEMA_VERSION when the shape changes and add a step to lib/routine/migrate.ts.
 */
export const ROUTINE_SCHEMA_VERSION = 2;

export {
  bindingSchema,
  idSchema,
  identifierSchema,
  jsonValueSchema,
  LIMITS,
  outputSchema,
  PARAM_TYPES,
  paramSchema,
  toolRefSchema,
  type Binding,
  type JsonValue,
  type Output,
  type Param,
  type ToolRef,
} from "./step-base";
export { branchStepSchema, endStepSchema, humanStepSchema, routineStepSchema, skillStepSchema, toolStepSchema };

export const stepSchema = z.discriminatedUnion("kind", [
  toolStepSchema,
  skillStepSchema,
  branchStepSchema,
  humanStepSchema,
  routineStepSchema,
  endStepSchema,
]);
export type Step = z.infer<typeof stepSchema>;
export type StepKind = Step["kind"];
export type StepOf<K extends StepKind> = Extract<Step, { kind: K }>;
export const STEP_KINDS = ["tool", "skill", "branch", "human", "routine", "end"] as const satisfies readonly StepKind[];

/** A branch step's outgoing edges carry a condition; other edges carry none. */
export const edgeSchema = z.object({
  id: idSchema,
  source: idSchema,
  target: idSchema,
  condition: z
    .object({
      label: z.string().trim().max(LIMITS.textLength),
      /** Optional expression over variables that the engine can evaluate without a model. */
      expression: z.string().max(LIMITS.textLength).optional(),
    })
    .optional(),
});
export type Edge = z.infer<typeof edgeSchema>;

export const stageSchema = z.object({ id: idSchema, name: nameSchema, description: textSchema.default("") });
export type Stage = z.infer<typeof stageSchema>;

/**
 * How a run of a routine executes unless its starter picks: the engine walks the graph ("workflow"), or the executor
 * model follows the routine and decides every call ("agent").
 */
export const ROUTINE_RUN_MODES = ["workflow", "agent"] as const;
export type RoutineRunMode = (typeof ROUTINE_RUN_MODES)[number];

export const routineSchema = z.object({
  schemaVersion: z.literal(ROUTINE_SCHEMA_VERSION),
  id: idSchema,
  name: nameSchema,
  description: textSchema.default(""),
  /** Example requests this routine serves; procedure memory matches requests against them. */
  intents: z.array(z.string().trim().min(1).max(LIMITS.textLength)).max(LIMITS.intents).default([]),
  inputs: z.array(paramSchema).default([]),
  steps: z.array(stepSchema).max(LIMITS.steps, `A routine holds at most ${LIMITS.steps} steps.`),
  edges: z.array(edgeSchema).max(LIMITS.edges, `A routine holds at most ${LIMITS.edges} connections.`),
  stages: z.array(stageSchema).default([]),
  /**
   * The actor profile the routine runs as: its persona opens the executor's prompt, its model is the executor model,
   * and the routine may call only its toolkit's tools. Optional, so older JSON reads unchanged (no version bump).
   */
  actorId: idSchema.optional(),
  /**
   * How runs execute when their starter picks no mode; absent means workflow. Part of the content, so a change is
   * reviewed like any other and runs follow the published version's. Optional, so older JSON reads unchanged.
   */
  defaultMode: z.enum(ROUTINE_RUN_MODES, { error: "Choose workflow or agent." }).optional(),
});
export type Routine = z.infer<typeof routineSchema>;

/** The mode a routine's runs take when their starter picks none: its `defaultMode`, workflow when absent. */
export const defaultRunMode = (routine: Pick<Routine, "defaultMode">): RoutineRunMode =>
  routine.defaultMode ?? "workflow";
/** What callers may pass in before defaults are filled. */
export type RoutineInput = z.input<typeof routineSchema>;
