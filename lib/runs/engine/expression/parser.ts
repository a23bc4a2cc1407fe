import { ExpressionError, tokenize, type Token } from "./lexer";
import type { JsonValue } from "../../../routine";

/**
 * The branch expression language: JSON literals, paths into the run's values, arithmetic, comparisons and logic.
 * No calls, no assignment, no access to anything but the values the engine hands in, so an expression written by a
 * planner or an author can never run code.
 *
 *   expr       := or
 *   or         := and (("||" | "or") and)*
 *   and        := not (("&&" | "and") not)*
 *   not        := "not" not | comparison
 *   comparison := additive (("==" | "!=" | "===" | "!==" | "<" | "<=" | ">" | ">=") additive)?
 *   additive   := term (("+" | "-") term)*
 *   term       := unary (("*" | "/" | "%") unary)*
 *   unary      := ("!" | "-") unary | primary
 *   primary    := number | string | true | false | null | path | "(" expr ")"
 *   path       := name ("." (name | digits))*
 */
export type Expression =
  | { type: "literal"; value: JsonValue }
  | { type: "path"; segments: string[] }
  | { type: "unary"; op: "!" | "-"; argument: Expression }
  | { type: "binary"; op: BinaryOp; left: Expression; right: Expression }
  | { type: "logical"; op: "&&" | "||"; left: Expression; right: Expression };

export type BinaryOp = "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%";

const KEYWORDS = new Set(["true", "false", "null", "and", "or", "not"]);
const COMPARISONS: Record<string, BinaryOp> = {
  "==": "==",
  "===": "==",
  "!=": "!=",
  "!==": "!=",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
};
/** Deep enough for any expression a person writes; stops a pathological one before the stack does. */
const MAX_DEPTH = 64;

/** Parses an expression; throws ExpressionError with the position of the first problem. */
export function parseExpression(source: string): Expression {
  if (source.trim() === "") throw new ExpressionError("The expression is empty.");
  const tokens = tokenize(source);
  let index = 0;
  let depth = 0;

  const peek = (): Token => tokens[index];
  const isOp = (value: string) => peek().type === "op" && (peek() as { value: string }).value === value;
  const isWord = (value: string) => peek().type === "name" && (peek() as { value: string }).value === value;
  const describe = (token: Token) =>
    token.type === "end" ? "the end" : `"${token.value}" at position ${token.at + 1}`;
  const fail = (expected: string): never => {
    throw new ExpressionError(`Expected ${expected} but found ${describe(peek())}.`);
  };

  function nested<T>(read: () => T): T {
    if (++depth > MAX_DEPTH) throw new ExpressionError("The expression is nested too deeply.");
    try {
      return read();
    } finally {
      depth--;
    }
  }

  function or(): Expression {
    let left = and();
    while (isOp("||") || isWord("or")) {
      index++;
      left = { type: "logical", op: "||", left, right: and() };
    }
    return left;
  }

  function and(): Expression {
    let left = not();
    while (isOp("&&") || isWord("and")) {
      index++;
      left = { type: "logical", op: "&&", left, right: not() };
    }
    return left;
  }

  function not(): Expression {
    if (!isWord("not")) return comparison();
    index++;
    return nested(() => ({ type: "unary", op: "!", argument: not() }));
  }

  function comparison(): Expression {
    const left = additive();
    const token = peek();
    if (token.type !== "op" || !(token.value in COMPARISONS)) return left;
    index++;
    const right = additive();
    const after = peek();
    if (after.type === "op" && after.value in COMPARISONS)
      throw new ExpressionError(
        `Chained comparisons are not allowed (position ${after.at + 1}); join them with && instead.`,
      );
    return { type: "binary", op: COMPARISONS[token.value], left, right };
  }

  function additive(): Expression {
    let left = term();
    while (isOp("+") || isOp("-")) {
      const op = (tokens[index++] as { value: "+" | "-" }).value;
      left = { type: "binary", op, left, right: term() };
    }
    return left;
  }

  function term(): Expression {
    let left = unary();
    while (isOp("*") || isOp("/") || isOp("%")) {
      const op = (tokens[index++] as { value: "*" | "/" | "%" }).value;
      left = { type: "binary", op, left, right: unary() };
    }
    return left;
  }

  function unary(): Expression {
    if (isOp("!") || isOp("-")) {
      const op = (tokens[index++] as { value: "!" | "-" }).value;
      return nested(() => ({ type: "unary", op, argument: unary() }));
    }
    return primary();
  }

  function primary(): Expression {
    const token = peek();
    if (token.type === "number" || token.type === "string") {
      index++;
      return { type: "literal", value: token.value };
    }
    if (isOp("(")) {
      index++;
      const inner = nested(or);
      if (!isOp(")")) fail('")"');
      index++;
      return inner;
    }
    if (token.type === "name") {
      if (token.value === "true" || token.value === "false") {
        index++;
        return { type: "literal", value: token.value === "true" };
      }
      if (token.value === "null") {
        index++;
        return { type: "literal", value: null };
      }
      if (KEYWORDS.has(token.value)) fail("a value");
      return path();
    }
    return fail("a value");
  }

  function path(): Expression {
    const segments = [(tokens[index++] as { value: string }).value];
    while (isOp(".")) {
      index++;
      const token = peek();
      if (token.type !== "name") fail("a field name after the dot");
      segments.push((token as { value: string }).value);
      index++;
    }
    return { type: "path", segments };
  }

  const expression = or();
  if (peek().type !== "end") fail("an operator or the end");
  return expression;
}

/** The paths an expression reads, so the caller can load just those values (some live in variable memory). */
export function referencedPaths(expression: Expression): string[][] {
  switch (expression.type) {
    case "literal":
      return [];
    case "path":
      return [expression.segments];
    case "unary":
      return referencedPaths(expression.argument);
    case "binary":
    case "logical":
      return [...referencedPaths(expression.left), ...referencedPaths(expression.right)];
  }
}
