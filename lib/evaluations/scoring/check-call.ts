import type { JsonValue, ToolDefinition } from "../../routine";
import type { ActualCall, ExpectedCall } from "./case-schema";
import { matchesType, preview, valuesMatch, type SchemaType } from "./normalize";

/**
 * One call checked against its expected call with BFCL's AST rules (docs/decisions/0018-bfcl-style-checker.md):
 * the function name, required parameters present, no unknown parameter, each value of its schema type and among
 * the accepted values.
 */

/** Input schemas by tool name (the function name the model sees). */
export type ToolSchemas = Record<string, ToolDefinition["inputSchema"]>;

/**
 * The error kinds, most severe first: a case's headline error is its first error of the most severe kind. Every
 * page lists them in this order. `outcome` arises only in a strict case whose calls were right but a tool answered
 * with an error or the run did not succeed (see outcome.ts).
 */
export const ERROR_KINDS = ["structural", "tool_selection", "parameter", "outcome"] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const ERROR_SUB_KINDS = [
  "missing_call",
  "extra_call",
  "wrong_order",
  "wrong_path",
  "wrong_tool",
  "missing_parameter",
  "unknown_parameter",
  "wrong_type",
  "wrong_value",
  "tool_error",
] as const;
export type ErrorSubKind = (typeof ERROR_SUB_KINDS)[number];

const KIND_OF: Record<ErrorSubKind, ErrorKind> = {
  missing_call: "structural",
  extra_call: "structural",
  wrong_order: "structural",
  wrong_path: "structural",
  wrong_tool: "tool_selection",
  missing_parameter: "parameter",
  unknown_parameter: "parameter",
  wrong_type: "parameter",
  wrong_value: "parameter",
  tool_error: "outcome",
};

/** The kinds in words, in ERROR_KINDS order, for every chart, table and card. */
export const ERROR_KIND_LABELS: Readonly<Record<ErrorKind, string>> = {
  structural: "Structural",
  tool_selection: "Tool selection",
  parameter: "Parameter",
  outcome: "Outcome",
};

/** The kind a sub-kind belongs to. */
export function errorKindOf(sub: ErrorSubKind): ErrorKind {
  return KIND_OF[sub];
}

/** One thing wrong with a case. `callIndex` is the index in the verdict's `calls`; null for the path. */
export type CaseError = {
  kind: ErrorKind;
  subKind: ErrorSubKind;
  callIndex: number | null;
  tool?: string;
  parameter?: string;
  message: string;
};

/** An expected call beside the call the run made in its place; either side is null for a missing or extra call. */
export type CallCheck = {
  index: number;
  expected: ExpectedCall | null;
  actual: ActualCall | null;
  passed: boolean;
  errors: CaseError[];
};

/** Builds an error with its kind from the sub-kind. */
export function caseError(
  subKind: ErrorSubKind,
  callIndex: number | null,
  message: string,
  extra: { tool?: string; parameter?: string } = {},
): CaseError {
  return { kind: errorKindOf(subKind), subKind, callIndex, ...extra, message };
}

type PropertySchema = { type?: SchemaType; items?: PropertySchema };

/** The schema type check, one level of `items` at a time, as deep as the schema goes (BFCL goes one level). */
function typeProblem(value: JsonValue, property: PropertySchema | undefined): string | null {
  if (!property) return null;
  if (!matchesType(value, property.type)) return describeType(property.type);
  if (Array.isArray(value) && property.items) {
    const bad = value.findIndex((item) => typeProblem(item, property.items) !== null);
    if (bad >= 0) return `a list of ${describeType(property.items.type)}`;
  }
  return null;
}

/** A JSON type in words ("a list", "an object"), for the type a schema wants and the one a value has alike. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  array: "a list",
  object: "an object",
  integer: "an integer",
  int: "an integer",
  null: "null",
  any: "any value",
};

function describeType(type: SchemaType): string {
  const types = Array.isArray(type) ? type : [type ?? "any"];
  return types.map((one) => TYPE_WORDS[one] ?? `a ${one}`).join(" or ");
}

function typeName(value: JsonValue): string {
  const type =
    value === null
      ? "null"
      : Array.isArray(value)
        ? "array"
        : typeof value === "number" && Number.isInteger(value)
          ? "integer"
          : typeof value;
  return TYPE_WORDS[type] ?? `a ${type}`;
}

function acceptedText(accepted: JsonValue[]): string {
  const shown = accepted.slice(0, 5).map((value) => preview(value, 40));
  const more = accepted.length > 5 ? ` (and ${accepted.length - 5} more)` : "";
  return shown.length === 1 ? shown[0] : `one of ${shown.join(", ")}${more}`;
}

/**
 * Checks one call against its expected call. A different function name is a `wrong_tool` and nothing else is
 * checked; otherwise every parameter error is reported, missing ones first. Required parameters are the schema's
 * `required` plus every expected argument not marked optional; a parameter is unknown when the tool's schema does
 * not declare it or the expected call does not list it (BFCL's `unexpected_param`).
 */
export function checkCall(expected: ExpectedCall, actual: ActualCall, schemas?: ToolSchemas): CallCheck {
  const errors: CaseError[] = [];
  const at = (subKind: ErrorSubKind, message: string, parameter?: string) =>
    errors.push(caseError(subKind, 0, message, { tool: expected.tool, ...(parameter ? { parameter } : {}) }));

  if (expected.tool !== actual.tool) {
    at("wrong_tool", `Expected a call to ${expected.tool}; the run called ${actual.tool}.`);
    return { index: 0, expected, actual, passed: false, errors };
  }

  const schema = schemas?.[expected.tool];
  const properties = schema?.properties as Record<string, PropertySchema> | undefined;
  const given = actual.arguments;

  const required = new Set(schema?.required ?? []);
  for (const [name, argument] of Object.entries(expected.arguments)) if (!argument.optional) required.add(name);
  for (const name of required)
    if (!Object.hasOwn(given, name)) at("missing_parameter", `The required parameter "${name}" is missing.`, name);

  for (const [name, value] of Object.entries(given)) {
    if (properties && !Object.hasOwn(properties, name)) {
      at("unknown_parameter", `"${name}" is not a parameter of ${expected.tool}.`, name);
      continue;
    }
    const argument = expected.arguments[name];
    if (!argument) {
      at("unknown_parameter", `The case does not expect "${name}" in this call (it was ${preview(value)}).`, name);
      continue;
    }
    const property = properties?.[name];
    const wanted = typeProblem(value, property);
    if (wanted) {
      at("wrong_type", `"${name}" should be ${wanted}; the run passed ${typeName(value)}: ${preview(value)}.`, name);
      continue;
    }
    const type = typeof property?.type === "string" ? property.type : undefined;
    if (argument.accepted.length > 0 && !argument.accepted.some((accepted) => valuesMatch(value, accepted, type)))
      at("wrong_value", `"${name}" was ${preview(value)}; the case accepts ${acceptedText(argument.accepted)}.`, name);
  }

  return { index: 0, expected, actual, passed: errors.length === 0, errors };
}
