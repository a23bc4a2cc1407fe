import type { JsonValue, Output } from "../../routine";

/** The output name a step with no declared outputs keeps its result under. */
export const RESULT_OUTPUT = "result";

const isObject = (value: JsonValue): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A step's outputs by name from one value (a tool's result, a skill's answer, a child run's outputs): one declared
 * output gets the whole value; several take the fields of an object value by name (null when absent), or, when the
 * value is not an object naming any of them, the whole value goes under the first; none keeps it as `result`.
 */
export function fillOutputs(declared: Output[], value: JsonValue): Record<string, JsonValue> {
  if (declared.length === 0) return { [RESULT_OUTPUT]: value };
  if (declared.length === 1) return { [declared[0].name]: value };
  if (isObject(value) && declared.some((output) => Object.hasOwn(value, output.name))) {
    return Object.fromEntries(
      declared.map((output) => [output.name, Object.hasOwn(value, output.name) ? value[output.name] : null]),
    );
  }
  return { [declared[0].name]: value };
}

/** Makes any value safe to store as JSON: garbage a tool hands back becomes its text rather than a crash. */
export function toJsonValue(value: unknown, fallbackText: string): JsonValue {
  if (value === undefined) return fallbackText;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? fallbackText : (JSON.parse(text) as JsonValue);
  } catch {
    return fallbackText;
  }
}
