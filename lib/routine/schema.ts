import { z } from "zod";

/**
 * The Routine model: one schema for planner output, stored JSON, editor state and runner input.
 * Bump ROUTINE_SCHEMA_VERSION when the shape changes and add a step to lib/routine/migrate.ts.
 */
export const ROUTINE_SCHEMA_VERSION = 2;

/** Upper bounds that keep a pasted or imported routine from exhausting the browser or the server. */
export const LIMITS = {
  steps: 2000,
  edges: 4000,
  nameLength: 120,
  textLength: 4000,
  intents: 50,
} as const;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const idSchema = z.string().regex(ID, "Use 1–64 letters, digits, '-' or '_'.");
export const identifierSchema = z
  .string()
  .regex(IDENTIFIER, "Use a name like employee_id: letters, digits, '_', not starting with a digit.");
const nameSchema = z.string().trim().min(1, "Give it a name.").max(LIMITS.nameLength);
const textSchema = z.string().max(LIMITS.textLength);

export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const PARAM_TYPES = ["string", "number", "integer", "boolean", "object", "array"] as const;

/** A routine input, or a field of a human step's form. */
export const paramSchema = z.object({
  name: identifierSchema,
  description: textSchema.default(""),
  type: z.enum(PARAM_TYPES).default("string"),
  required: z.boolean().default(true),
});
export type Param = z.infer<typeof paramSchema>;

/** Where a step input's value comes from. `model`: the executor extracts it from the request or context. */
export const bindingSchema = z.discriminatedUnion("from", [
  z.object({ from: z.literal("literal"), value: jsonValueSchema }),
  z.object({ from: z.literal("input"), name: identifierSchema }),
  /** `path` starts with the output's name, optionally followed by a dotted path into it: `balance.days`. */
  z.object({
    from: z.literal("step"),
    stepId: idSchema,
    path: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/, "Use output_name or output_name.field."),
  }),
  z.object({ from: z.literal("model"), hint: textSchema.default("") }),
]);
export type Binding = z.infer<typeof bindingSchema>;

export const outputSchema = z.object({ name: identifierSchema, description: textSchema.default("") });
export type Output = z.infer<typeof outputSchema>;

export const toolRefSchema = z.object({ server: z.string().min(1).max(64), name: z.string().min(1).max(128) });
export type ToolRef = z.infer<typeof toolRefSchema>;

const inputsSchema = z.record(identifierSchema, bindingSchema).default({});

const stepBase = {
  id: idSchema,
  name: nameSchema,
  description: textSchema.default(""),
  /** The stage (group) this step belongs to, if any. */
  stageId: idSchema.optional(),
  /** Canvas position; absent means "lay me out". */
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
};

export const toolStepSchema = z.object({
  ...stepBase,
  kind: z.literal("tool"),
  tool: toolRefSchema,
  inputs: inputsSchema,
  outputs: z.array(outputSchema).default([]),
  /** When the step counts as done, in words the executor and the progress list use. */
  completion: textSchema.optional(),
  timeoutMs: z.number().int().min(100).max(3_600_000).optional(),
  retry: z
    .object({ maxAttempts: z.number().int().min(1).max(10), backoffMs: z.number().int().min(0).max(600_000) })
    .optional(),
  requiresApproval: z.boolean().default(false),
});

export const skillStepSchema = z.object({
  ...stepBase,
  kind: z.literal("skill"),
  instruction: textSchema.default(""),
  inputs: inputsSchema,
  outputs: z.array(outputSchema).default([]),
  completion: textSchema.optional(),
});

export const branchStepSchema = z.object({ ...stepBase, kind: z.literal("branch") });

export const humanStepSchema = z.object({
  ...stepBase,
  kind: z.literal("human"),
  instruction: textSchema.default(""),
  /** Empty: approve or reject. Otherwise the operator fills these fields, which become the step's outputs. */
  form: z.array(paramSchema).default([]),
});

export const routineStepSchema = z.object({
  ...stepBase,
  kind: z.literal("routine"),
  routineId: idSchema,
  inputs: inputsSchema,
  outputs: z.array(outputSchema).default([]),
  /** The actor profile the sub-routine runs as, instead of the child routine's own. */
  actorId: idSchema.optional(),
});

export const endStepSchema = z.object({ ...stepBase, kind: z.literal("end"), outcome: textSchema.optional() });

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

/** The tools a routine may call: exactly those its tool steps name (the executor gets no others). */
export function toolAllowlist(routine: Routine): ToolRef[] {
  const seen = new Map<string, ToolRef>();
  for (const step of routine.steps) {
    if (step.kind === "tool") seen.set(`${step.tool.server}/${step.tool.name}`, step.tool);
  }
  return [...seen.values()];
}
