import type { JsonValue, Param } from "../../routine";

export type InputCheck = { values: Record<string, JsonValue>; fieldErrors: Record<string, string[]> };

/**
 * Checks run inputs (or a human step's form values) against the declared parameters: required ones present,
 * each of its declared type, nothing undeclared. Text as a form sends it is accepted where it is unambiguous:
 * "42" for a number, "true"/"false" for a boolean, JSON text for an object or array; an empty text counts as
 * absent. Returns the converted values and, per field, what is wrong (empty when all is well).
 */
export function checkParamValues(
  params: readonly Param[],
  raw: Record<string, unknown>,
  owner = "an input of this routine",
): InputCheck {
  const values: Record<string, JsonValue> = {};
  const fieldErrors: Record<string, string[]> = {};
  const declared = new Set(params.map((param) => param.name));
  for (const name of Object.keys(raw)) {
    if (!declared.has(name)) fieldErrors[name] = [`"${name}" is not ${owner}.`];
  }
  for (const param of params) {
    const given = raw[param.name];
    if (given === undefined || given === null || given === "") {
      if (param.required) fieldErrors[param.name] = [`${param.name} is required.`];
      continue;
    }
    const converted = convert(param, given);
    if (converted.ok) values[param.name] = converted.value;
    else fieldErrors[param.name] = [converted.message];
  }
  return { values, fieldErrors };
}

type Converted = { ok: true; value: JsonValue } | { ok: false; message: string };

function convert(param: Param, given: unknown): Converted {
  const wrong = (what: string): Converted => ({ ok: false, message: `${param.name} must be ${what}.` });
  switch (param.type) {
    case "string":
      return typeof given === "string" ? { ok: true, value: given } : wrong("text");
    case "number":
    case "integer": {
      const value = typeof given === "string" && given.trim() !== "" ? Number(given) : given;
      if (typeof value !== "number" || !Number.isFinite(value))
        return wrong(param.type === "integer" ? "a whole number" : "a number");
      if (param.type === "integer" && !Number.isInteger(value)) return wrong("a whole number");
      return { ok: true, value };
    }
    case "boolean":
      if (typeof given === "boolean") return { ok: true, value: given };
      if (given === "true" || given === "false") return { ok: true, value: given === "true" };
      return wrong("true or false");
    case "object":
    case "array": {
      const value = typeof given === "string" ? parseJson(given) : given;
      const isArray = Array.isArray(value);
      const fits = param.type === "array" ? isArray : value !== null && typeof value === "object" && !isArray;
      return fits && isJsonValue(value)
        ? { ok: true, value }
        : wrong(param.type === "array" ? "a list (JSON array)" : "an object (JSON object)");
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (depth > 64) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (typeof value === "object")
    return (
      Object.getPrototypeOf(value) === Object.prototype &&
      Object.values(value).every((item) => isJsonValue(item, depth + 1))
    );
  return false;
}
