import type { JsonValue } from "../../routine";

/**
 * Value comparison for the checker, after BFCL's AST checker (gorilla, `ast_checker.py`): strings are compared after
 * `standardize_string`, lists element by element in order, objects key by key, numbers by value (so an integer
 * equals the same number written as a float).
 */

// BFCL drops " ,./-_*^" so "April 1, 2024", "April 1,2024" and "april 1 2024" are one answer. We drop every
// whitespace character, not only the space: a tab or a newline in an argument is no more meaningful than a space.
const DROPPED = /[\s,./\-_*^]/g;

/** BFCL's string normalization: drop whitespace and `,./-_*^`, lower-case, and read `'` as `"`. */
export function normalizeString(value: string): string {
  return value.replace(DROPPED, "").toLowerCase().replaceAll("'", '"');
}

/** A JSON Schema type as written in a tool's input schema, BFCL's Python names included. */
export type SchemaType = string | string[] | undefined;

const TYPE_ALIASES: Record<string, string> = {
  float: "number",
  double: "number",
  int: "integer",
  bool: "boolean",
  list: "array",
  tuple: "array",
  dict: "object",
  str: "string",
};

function canonicalType(type: string): string {
  const lower = type.toLowerCase();
  return TYPE_ALIASES[lower] ?? lower;
}

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function matchesOneType(value: JsonValue, type: string): boolean {
  switch (canonicalType(type)) {
    case "string":
      return typeof value === "string";
    // An integer where a number is expected is accepted, as BFCL converts int to float.
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    // JSON cannot tell 3 from 3.0, so an integral number is an integer; 2.5 is not.
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    case "null":
      return value === null;
    // "any", or a type we do not know: nothing to hold the value to.
    default:
      return true;
  }
}

/** Whether a value has the schema's type (any of them, for a union). No type: any value. */
export function matchesType(value: JsonValue, type: SchemaType): boolean {
  if (type === undefined) return true;
  if (Array.isArray(type)) return type.length === 0 || type.some((one) => matchesOneType(value, one));
  return matchesOneType(value, type);
}

/** Whether strings of this schema type are compared normalized: string-bearing types, or no type at all. */
function normalizesStrings(type: SchemaType): boolean {
  if (type === undefined) return true;
  const types = (Array.isArray(type) ? type : [type]).map(canonicalType);
  return types.length === 0 || types.some((one) => ["string", "array", "object", "any"].includes(one));
}

function sameValue(actual: JsonValue, accepted: JsonValue, normalize: boolean): boolean {
  if (typeof actual === "string" && typeof accepted === "string")
    return normalize ? normalizeString(actual) === normalizeString(accepted) : actual === accepted;
  if (typeof actual === "number" && typeof accepted === "number") return actual === accepted;
  if (Array.isArray(actual) || Array.isArray(accepted)) {
    if (!Array.isArray(actual) || !Array.isArray(accepted) || actual.length !== accepted.length) return false;
    return actual.every((item, index) => sameValue(item, accepted[index], normalize));
  }
  if (isObject(actual) || isObject(accepted)) {
    if (!isObject(actual) || !isObject(accepted)) return false;
    const keys = Object.keys(actual);
    if (keys.length !== Object.keys(accepted).length) return false;
    return keys.every((key) => Object.hasOwn(accepted, key) && sameValue(actual[key], accepted[key], normalize));
  }
  return actual === accepted;
}

/**
 * Whether an actual value equals one accepted value: strings after {@link normalizeString}, numbers by value (an
 * integer equals the float of the same value), lists in order and element by element, objects with the same keys
 * and matching values, recursively. Given a non-string `type` (say "integer"), a string value is compared as
 * written: BFCL normalizes only where a string is what the parameter holds.
 */
export function valuesMatch(actual: JsonValue, accepted: JsonValue, type?: string): boolean {
  return sameValue(actual, accepted, normalizesStrings(type));
}

/** Short JSON for messages, cut so a long list does not flood the drill-down. */
export function preview(value: JsonValue, max = 80): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
