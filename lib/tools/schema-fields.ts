/**
 * Reads a tool's input JSON Schema into form fields (the Tools page's parameter table and "try it" form),
 * and turns what was typed back into typed arguments. Only the top level becomes fields; nested objects and
 * arrays are edited as JSON, which is honest about their shape rather than guessing a form for it.
 */
export type SchemaField = {
  name: string;
  kind: "string" | "integer" | "number" | "boolean" | "enum" | "json";
  /** The type as a reader sees it: "string", "integer", "array of string", "one of: a, b". */
  typeLabel: string;
  required: boolean;
  description: string;
  enumValues?: string[];
  defaultValue?: unknown;
};

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function primaryType(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  return undefined;
}

function typeLabelOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map(String).join(", ")}`;
  const type = primaryType(schema);
  if (type === "array" && isObject(schema.items)) return `array of ${typeLabelOf(schema.items)}`;
  if (type) return type;
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return "any of several shapes";
  return "any";
}

function kindOf(schema: JsonSchema): SchemaField["kind"] {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === "string")) return "enum";
  const type = primaryType(schema);
  if (type === "string" || type === "integer" || type === "number" || type === "boolean") return type;
  return "json";
}

/** The top-level parameters of an input schema, required ones first, each in the schema's order. */
export function schemaFields(inputSchema: unknown): SchemaField[] {
  if (!isObject(inputSchema) || !isObject(inputSchema.properties)) return [];
  const required = new Set(
    Array.isArray(inputSchema.required) ? inputSchema.required.filter((name) => typeof name === "string") : [],
  );
  const fields = Object.entries(inputSchema.properties).map(([name, raw]): SchemaField => {
    const schema = isObject(raw) ? raw : {};
    const kind = kindOf(schema);
    return {
      name,
      kind,
      typeLabel: typeLabelOf(schema),
      required: required.has(name),
      description: typeof schema.description === "string" ? schema.description : "",
      ...(kind === "enum" ? { enumValues: (schema.enum as string[]).slice() } : {}),
      ...(schema.default !== undefined ? { defaultValue: schema.default } : {}),
    };
  });
  return [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)];
}

export type FormArguments = { ok: true; args: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * Typed arguments from form values (text for most kinds, "on"/absent for booleans). Empty optional fields are
 * left out, so the tool applies its own defaults; a required field left empty is reported here, before the
 * gateway checks the full schema.
 */
export function argumentsFromForm(
  fields: readonly SchemaField[],
  values: Record<string, string | undefined>,
): FormArguments {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (field.kind === "boolean") {
      if (raw === "true" || raw === "on") args[field.name] = true;
      else if (raw === "false") args[field.name] = false;
      else if (field.required) args[field.name] = false;
      continue;
    }
    const text = (raw ?? "").trim();
    if (text === "") {
      if (field.required) errors[field.name] = `${field.name} is required.`;
      continue;
    }
    if (field.kind === "integer" || field.kind === "number") {
      const value = Number(text);
      if (!Number.isFinite(value) || (field.kind === "integer" && !Number.isInteger(value)))
        errors[field.name] = `${field.name} must be ${field.kind === "integer" ? "a whole number" : "a number"}.`;
      else args[field.name] = value;
    } else if (field.kind === "json") {
      try {
        args[field.name] = JSON.parse(text);
      } catch {
        errors[field.name] =
          `${field.name} must be JSON (${field.typeLabel}), e.g. ${field.typeLabel.startsWith("array") ? '["a", "b"]' : '{"key": "value"}'}.`;
      }
    } else {
      args[field.name] = text;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, args };
}
