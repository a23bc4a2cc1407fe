import type { JsonValue } from "../../../routine";
import { ExpressionError } from "./lexer";
import { parseExpression, type BinaryOp, type Expression } from "./parser";

/** What an expression can see: root names (routine inputs, step outputs, step ids) and their values. */
export type ExpressionScope = ReadonlyMap<string, JsonValue | null>;

type Value = JsonValue | undefined;

/**
 * Evaluates a parsed expression over a scope. A root name the scope does not know is an error (a typo must not
 * silently pick a branch); a missing field below a known name is null. Comparisons never throw: values of different
 * kinds are unequal and unordered. Arithmetic on non-numbers throws.
 */
export function evaluate(expression: Expression, scope: ExpressionScope): Value {
  switch (expression.type) {
    case "literal":
      return expression.value;
    case "path":
      return lookup(expression.segments, scope);
    case "unary": {
      const value = evaluate(expression.argument, scope);
      if (expression.op === "!") return !truthy(value);
      return -number(value, "-");
    }
    case "logical": {
      const left = evaluate(expression.left, scope);
      if (expression.op === "&&") return truthy(left) ? evaluate(expression.right, scope) : left;
      return truthy(left) ? left : evaluate(expression.right, scope);
    }
    case "binary":
      return binary(expression.op, evaluate(expression.left, scope), evaluate(expression.right, scope));
  }
}

/** Parses and evaluates in one go, answering whether the condition holds (JavaScript truthiness). */
export function evaluateCondition(source: string, scope: ExpressionScope): boolean {
  return truthy(evaluate(parseExpression(source), scope));
}

export function truthy(value: Value): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  return !(typeof value === "number" && Number.isNaN(value));
}

function lookup(segments: string[], scope: ExpressionScope): Value {
  const [root, ...rest] = segments;
  if (!scope.has(root))
    throw new ExpressionError(`Unknown name "${root}": use a routine input, a step's output name or a step id.`);
  let value: Value = scope.get(root) ?? null;
  for (const segment of rest) {
    if (value === null || value === undefined) return null;
    if (segment === "length" && (typeof value === "string" || Array.isArray(value))) value = value.length;
    else if (Array.isArray(value)) value = /^[0-9]+$/.test(segment) ? value[Number(segment)] : undefined;
    else if (typeof value === "object") value = Object.hasOwn(value, segment) ? value[segment] : undefined;
    else value = undefined;
  }
  return value ?? null;
}

function binary(op: BinaryOp, left: Value, right: Value): Value {
  switch (op) {
    case "==":
      return same(left, right);
    case "!=":
      return !same(left, right);
    case "<":
    case "<=":
    case ">":
    case ">=":
      return ordered(op, left, right);
    case "+":
      if (typeof left === "string" || typeof right === "string") return `${text(left)}${text(right)}`;
      return number(left, op) + number(right, op);
    case "-":
      return number(left, op) - number(right, op);
    case "*":
      return number(left, op) * number(right, op);
    case "/":
    case "%": {
      const divisor = number(right, op);
      if (divisor === 0) throw new ExpressionError(`Division by zero ("${op}").`);
      return op === "/" ? number(left, op) / divisor : number(left, op) % divisor;
    }
  }
}

/** A number, or a string that reads as one (values a model or a form filled in are often text). */
function numeric(value: Value): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function number(value: Value, op: string): number {
  const result = numeric(value);
  if (result === undefined) throw new ExpressionError(`"${op}" needs numbers, got ${JSON.stringify(value ?? null)}.`);
  return result;
}

function text(value: Value): string {
  return typeof value === "string" ? value : JSON.stringify(value ?? null);
}

function same(left: Value, right: Value): boolean {
  const a = left ?? null;
  const b = right ?? null;
  if (typeof a === "number" || typeof b === "number") {
    const x = numeric(a);
    const y = numeric(b);
    return x !== undefined && y !== undefined && x === y;
  }
  return deepEqual(a, b);
}

function deepEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  const left = a as Record<string, JsonValue>;
  const right = b as Record<string, JsonValue>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]))
  );
}

function ordered(op: "<" | "<=" | ">" | ">=", left: Value, right: Value): boolean {
  const x = numeric(left);
  const y = numeric(right);
  let order: number;
  if (x !== undefined && y !== undefined) order = x === y ? 0 : x < y ? -1 : 1;
  else if (typeof left === "string" && typeof right === "string") order = left === right ? 0 : left < right ? -1 : 1;
  else return false;
  if (Number.isNaN(order)) return false;
  return op === "<" ? order < 0 : op === "<=" ? order <= 0 : op === ">" ? order > 0 : order >= 0;
}
