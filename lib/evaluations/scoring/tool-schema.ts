import type { JsonValue } from "../../routine";

/**
 * Tool parameter schemas as fine-tuning tools accept them. MCP servers publish any JSON Schema; OpenAI's chat API
 * refuses an array schema without `items`, and LLaMA-Factory's default tool format reads `parameters.properties`
 * (and each property's `type`, `enum` and `items`) without checking they exist. `normalizeToolParameters` adds
 * only what the schema already means: `items: {}` (any item) to an array without one, `properties: {}` to an object
 * without any, and `type: "object"` at the top, so a trainer reads the same tool the model was given.
 */

type Schema = { [key: string]: JsonValue };

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const typesOf = (schema: Schema): string[] =>
  typeof schema.type === "string"
    ? [schema.type]
    : Array.isArray(schema.type)
      ? schema.type.filter((type): type is string => typeof type === "string")
      : [];

/** Keys whose value is one schema, and keys whose value is a list or a map of schemas. */
const ONE_SCHEMA = ["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"];
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions"];

function normalizeSchema(schema: Schema): Schema {
  const out: Schema = { ...schema };
  for (const key of ONE_SCHEMA) if (isSchema(out[key])) out[key] = normalizeSchema(out[key]);
  for (const key of SCHEMA_LISTS) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((item) => (isSchema(item) ? normalizeSchema(item) : item));
  }
  for (const key of SCHEMA_MAPS) {
    const map = out[key];
    if (isSchema(map))
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, inner]) => [name, isSchema(inner) ? normalizeSchema(inner) : inner]),
      );
  }
  const types = typesOf(out);
  if (types.includes("array") && out.items === undefined && out.prefixItems === undefined) out.items = {};
  if (types.includes("object") && !isSchema(out.properties)) out.properties = {};
  return out;
}

/** A tool's input schema as the `parameters` of a function both formats accept (see above); the input is not changed. */
export function normalizeToolParameters(inputSchema: unknown): Schema {
  const schema = isSchema(inputSchema) ? inputSchema : {};
  return normalizeSchema({ ...schema, type: "object" });
}

/** Where in a schema an array has no `items`, e.g. `properties.cc`; empty when none. */
function arraysWithoutItems(schema: Schema, at: string, found: string[]): string[] {
  if (typesOf(schema).includes("array") && !isSchema(schema.items) && !Array.isArray(schema.prefixItems))
    found.push(at || "(top)");
  for (const key of ONE_SCHEMA)
    if (isSchema(schema[key])) arraysWithoutItems(schema[key], at ? `${at}.${key}` : key, found);
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list))
      list.forEach((item, index) => {
        if (isSchema(item)) arraysWithoutItems(item, `${at ? `${at}.` : ""}${key}[${index}]`, found);
      });
  }
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isSchema(map))
      for (const [name, inner] of Object.entries(map))
        if (isSchema(inner)) arraysWithoutItems(inner, `${at ? `${at}.` : ""}${key}.${name}`, found);
  }
  return found;
}

/**
 * What a trainer would refuse in one function's `parameters` (`at` names it in the messages): not a JSON Schema
 * object with `type: "object"` and a `properties` object; an array anywhere without `items` (OpenAI); a property
 * that is not a schema, or whose `enum` holds anything but text, or whose `items` is not a schema (LLaMA-Factory's
 * default tool format joins enum values as text and reads `items.type`).
 */
export function toolParameterProblems(parameters: unknown, at: string): string[] {
  if (!isSchema(parameters) || parameters.type !== "object")
    return [`${at} must be a JSON Schema object with type "object".`];
  const problems: string[] = [];
  if (!isSchema(parameters.properties)) problems.push(`${at}.properties must be an object.`);
  else
    for (const [name, property] of Object.entries(parameters.properties)) {
      if (!isSchema(property)) {
        problems.push(`${at}.properties.${name} must be a schema object.`);
        continue;
      }
      if (Array.isArray(property.enum) && !property.enum.every((value) => typeof value === "string"))
        problems.push(`${at}.properties.${name}.enum must list text values.`);
    }
  for (const path of arraysWithoutItems(parameters, "", []))
    problems.push(`${at}${path === "(top)" ? "" : `.${path}`} is an array without items.`);
  return problems;
}
