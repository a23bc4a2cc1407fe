import type { JsonValue } from "../routine";

/**
 * The evaluation sandbox's stand-in for a tool that changes data (issue #29). An evaluation run never calls such a
 * tool; its call is recorded and checked like any other, and answered with this instead:
 *
 * - **Labelled.** The text always says it is simulated and that nothing was changed; an object value carries
 *   `simulated: true` and the same `note` too, unless the tool's output schema forbids extra fields.
 * - **Shaped like the real answer.** With an `outputSchema`, the value fits it: every declared property is there,
 *   each the first allowed `const`/`enum` value, else an argument of the same name and type the call was given,
 *   else a plain placeholder of its type ("simulated", 0 or the minimum, false, [] or `minItems` placeholders, a
 *   fixed date for `format: date`). So later steps that bind the tool's outputs still run. `pattern`, `$ref` and
 *   `not` are not followed: a value that must match them is a placeholder that may not.
 * - **Without an output schema** the value is the call's arguments echoed back with `simulated` and `note`, so a
 *   later step can still bind, say, the `employee_id` it passed on.
 *
 * Pure; the run service's tool port serves it, the engine records its origin as "simulated".
 */
export type SimulatedAnswer = { value: JsonValue; text: string };

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;
const FORMAT_PLACEHOLDERS: Record<string, string> = {
  date: "2000-01-01",
  "date-time": "2000-01-01T00:00:00Z",
  time: "00:00:00Z",
  email: "simulated@example.invalid",
  uri: "https://example.invalid/simulated",
  url: "https://example.invalid/simulated",
  uuid: "00000000-0000-0000-0000-000000000000",
};

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The sentence every simulated answer carries. */
export function simulatedNote(tool: { server: string; name: string }): string {
  return (
    `Simulated answer: ${tool.server}/${tool.name} changes data, so this evaluation run did not call it and nothing ` +
    "was changed."
  );
}

/** The sandbox's answer to a call of `tool` with `args`, shaped by the tool's output schema when it declares one. */
export function simulatedToolAnswer(
  tool: { server: string; name: string; outputSchema?: unknown },
  args: Record<string, JsonValue>,
): SimulatedAnswer {
  const note = simulatedNote(tool);
  let value: JsonValue;
  if (isSchema(tool.outputSchema)) {
    value = sample(tool.outputSchema, 0, undefined, args);
    if (isPlainObject(value) && allowsExtraFields(tool.outputSchema)) {
      const declared = propertiesOf(tool.outputSchema);
      if (!("simulated" in declared)) value.simulated = true;
      if (!("note" in declared)) value.note = note;
    }
  } else {
    value = { ...args, simulated: true, note };
  }
  return { value, text: `${note}\n${JSON.stringify(value)}` };
}

const isPlainObject = (value: JsonValue): value is { [key: string]: JsonValue } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const propertiesOf = (schema: Schema): Record<string, unknown> =>
  isSchema(schema.properties) ? schema.properties : {};

const allowsExtraFields = (schema: Schema) => schema.additionalProperties !== false;

/** The types a schema allows, as listed by `type` (a string or a list); empty when it lists none. */
function typesOf(schema: Schema): string[] {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === "string");
  if (isSchema(schema.properties)) return ["object"];
  if (isSchema(schema.items)) return ["array"];
  return [];
}

/** Whether a JSON value is of a JSON Schema type (an integer is also a number). */
function hasType(value: JsonValue, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    default:
      return false;
  }
}

/** A hint (an argument of the same name) fits when it has an allowed type and meets the simple bounds. */
function hintFits(schema: Schema, hint: JsonValue): boolean {
  if (Array.isArray(schema.enum)) return schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(hint));
  const types = typesOf(schema);
  if (types.length === 0 || !types.some((type) => hasType(hint, type))) return false;
  if (typeof hint === "string") {
    if (typeof schema.minLength === "number" && hint.length < schema.minLength) return false;
    if (typeof schema.maxLength === "number" && hint.length > schema.maxLength) return false;
    if (typeof schema.pattern === "string" || typeof schema.format === "string") return false;
  }
  if (typeof hint === "number") {
    if (typeof schema.minimum === "number" && hint < schema.minimum) return false;
    if (typeof schema.maximum === "number" && hint > schema.maximum) return false;
  }
  return typeof hint !== "object" || hint === null;
}

/** A value that fits `schema`; `hint` is the argument of the same name, used when it fits. */
function sample(
  schema: unknown,
  depth: number,
  hint: JsonValue | undefined,
  args?: Record<string, JsonValue>,
): JsonValue {
  if (!isSchema(schema) || depth > MAX_DEPTH) return hint ?? null;
  if ("const" in schema) return (schema.const ?? null) as JsonValue;
  if (hint !== undefined && hintFits(schema, hint)) return hint;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return (schema.enum[0] ?? null) as JsonValue;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const branch = branches.find((one) => isSchema(one) && !typesOf(one).every((type) => type === "null"));
      return sample(branch ?? branches[0], depth + 1, hint, args);
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return sample(mergeAll(schema), depth + 1, hint, args);
  const types = typesOf(schema);
  const type = types.find((one) => one !== "null") ?? types[0];
  switch (type) {
    case "object":
      return sampleObject(schema, depth, args);
    case "array":
      return sampleArray(schema, depth);
    case "string":
      return sampleString(schema);
    case "integer":
    case "number":
      return sampleNumber(schema, type === "integer");
    case "boolean":
      return false;
    default:
      return null;
  }
}

function sampleObject(schema: Schema, depth: number, args?: Record<string, JsonValue>): JsonValue {
  const value: { [key: string]: JsonValue } = {};
  for (const [name, property] of Object.entries(propertiesOf(schema)))
    value[name] = sample(property, depth + 1, args?.[name]);
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) if (typeof name === "string" && !(name in value)) value[name] = args?.[name] ?? null;
  return value;
}

function sampleArray(schema: Schema, depth: number): JsonValue {
  const count = typeof schema.minItems === "number" ? Math.min(Math.max(0, schema.minItems), 10) : 0;
  return Array.from({ length: count }, () => sample(schema.items, depth + 1, undefined));
}

function sampleString(schema: Schema): string {
  const text = (typeof schema.format === "string" && FORMAT_PLACEHOLDERS[schema.format]) || "simulated";
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  return text.padEnd(Math.min(min, 10_000), "-").slice(0, max);
}

function sampleNumber(schema: Schema, integer: boolean): number {
  let low = typeof schema.minimum === "number" ? schema.minimum : Number.NEGATIVE_INFINITY;
  if (typeof schema.exclusiveMinimum === "number") low = Math.max(low, schema.exclusiveMinimum + (integer ? 1 : 0.5));
  let high = typeof schema.maximum === "number" ? schema.maximum : Number.POSITIVE_INFINITY;
  if (typeof schema.exclusiveMaximum === "number") high = Math.min(high, schema.exclusiveMaximum - (integer ? 1 : 0.5));
  let value = Math.min(Math.max(0, low), high);
  if (integer) value = Number.isFinite(low) && value === low ? Math.ceil(value) : Math.floor(value);
  return Number.isFinite(value) ? value : 0;
}

/** `allOf` read as one schema: the branches' properties and required lists together, the first type given. */
function mergeAll(schema: Schema): Schema {
  const branches = (schema.allOf as unknown[]).filter(isSchema);
  const merged: Schema = { ...schema, allOf: undefined };
  const properties: Record<string, unknown> = { ...propertiesOf(schema) };
  const required = new Set<unknown>(Array.isArray(schema.required) ? schema.required : []);
  for (const branch of branches) {
    Object.assign(properties, propertiesOf(branch));
    if (Array.isArray(branch.required)) for (const name of branch.required) required.add(name);
    if (merged.type === undefined && branch.type !== undefined) merged.type = branch.type;
  }
  delete merged.allOf;
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}
