import { z } from "zod";

// The building blocks every step kind's schema shares. Kept apart from schema.ts, which assembles the kinds, so the
// kinds' folders import these without importing the union that imports them.

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
export const nameSchema = z.string().trim().min(1, "Give it a name.").max(LIMITS.nameLength);
export const textSchema = z.string().max(LIMITS.textLength);

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

/** A step's input bindings by argument name. */
export const inputsSchema = z.record(identifierSchema, bindingSchema).default({});

/** The fields every step has, whatever its kind; each kind's schema (lib/routine/kinds/<kind>/schema.ts) spreads them. */
export const stepBase = {
  id: idSchema,
  name: nameSchema,
  description: textSchema.default(""),
  /** The stage (group) this step belongs to, if any. */
  stageId: idSchema.optional(),
  /** Canvas position; absent means "lay me out". */
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
};
