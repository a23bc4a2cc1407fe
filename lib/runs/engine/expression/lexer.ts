/** A token of the branch expression language (see parser.ts for the grammar). */
export type Token =
  | { type: "number"; value: number; at: number }
  | { type: "string"; value: string; at: number }
  | { type: "name"; value: string; at: number }
  | { type: "op"; value: string; at: number }
  | { type: "end"; at: number };

/** Thrown for an expression that cannot be read or evaluated; the message says where and why, for an operator. */
export class ExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExpressionError";
  }
}

// Longest first, so ">=" is not read as ">" then "=".
const OPERATORS = [
  "===",
  "!==",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "<",
  ">",
  "!",
  "+",
  "-",
  "*",
  "/",
  "%",
  "(",
  ")",
  ".",
];
const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;

/** Splits an expression into tokens; throws ExpressionError at the first character that starts none. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at];
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    if (DIGIT.test(char)) {
      // After a dot only an index is possible: "items.0.1" is items → 0 → 1, not items → 0.1.
      const afterDot = tokens.at(-1)?.type === "op" && (tokens.at(-1) as { value: string }).value === ".";
      const match = (afterDot ? /^[0-9]+/ : /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/).exec(source.slice(at))!;
      tokens.push(afterDot ? { type: "name", value: match[0], at } : { type: "number", value: Number(match[0]), at });
      at += match[0].length;
      continue;
    }
    if (char === '"' || char === "'") {
      const { value, end } = readString(source, at);
      tokens.push({ type: "string", value, at });
      at = end;
      continue;
    }
    if (NAME_START.test(char)) {
      let end = at + 1;
      while (end < source.length && NAME_PART.test(source[end])) end++;
      tokens.push({ type: "name", value: source.slice(at, end), at });
      at = end;
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, at));
    if (!op) throw new ExpressionError(`Unexpected character "${char}" at position ${at + 1}.`);
    tokens.push({ type: "op", value: op, at });
    at += op.length;
  }
  tokens.push({ type: "end", at });
  return tokens;
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", '"': '"', "'": "'" };

function readString(source: string, start: number): { value: string; end: number } {
  const quote = source[start];
  let value = "";
  for (let at = start + 1; at < source.length; at++) {
    const char = source[at];
    if (char === quote) return { value, end: at + 1 };
    if (char === "\\" && at + 1 < source.length) {
      at++;
      value += ESCAPES[source[at]] ?? source[at];
      continue;
    }
    value += char;
  }
  throw new ExpressionError(`The text starting at position ${start + 1} has no closing ${quote}.`);
}
