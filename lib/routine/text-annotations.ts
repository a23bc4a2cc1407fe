import { PARAM_TYPES, STEP_KINDS, type Binding, type JsonValue, type Param, type StepKind } from "./schema";
import { ROUTINE_ANNOTATION_READERS, type RoutineAnnotation } from "./kinds/routine/annotations";
import { TOOL_ANNOTATION_READERS, type ToolAnnotation } from "./kinds/tool/annotations";
import { readId, readNumber } from "./text-annotation-values";
import { AnnotationError, AnnotationReader, type TextIssue } from "./text-lexer";
import type { Label } from "./text-structure";

export type Pos = { line: number; column: number };

/** Where a `[next: …]` goes: a step id, a label (`Step 5`, `Branch 4-1 Step 2`), or nowhere (`none`). */
export type Target = { type: "id"; id: string } | { type: "label"; label: Label } | { type: "none" };
export type NextSpec = { target: Target; id?: string; label?: string; expression?: string };
export type ParamSpec = { name: string; type?: Param["type"]; required?: boolean; description?: string };

export const TEXT_KEYS = ["name", "description", "instruction", "completion", "outcome", "intent"] as const;
type TextKey = (typeof TEXT_KEYS)[number];

type Valued<K extends string, V> = { [Key in K]: { key: Key; value: V } }[K];

export type Annotation = { pos: Pos } & (
  | Valued<"id" | "stage" | TextKey, string>
  | { key: "kind"; value: StepKind }
  | { key: "position"; x: number; y: number }
  | ToolAnnotation
  | RoutineAnnotation
  | { key: "in"; name: string; binding: Binding }
  | { key: "out"; name: string; description: string }
  | { key: "input"; param: ParamSpec }
  | { key: "field"; param: ParamSpec }
  | { key: "stage-def"; id: string; name: string; description?: string }
  | { key: "next"; next: NextSpec }
  | { key: "edge-from"; source: string; next: NextSpec }
  | { key: "edge-order"; ids: string[] }
);
export type AnnotationKey = Annotation["key"];

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const KNOWN =
  "id, kind, name, description, instruction, tool, routine, stage, in, out, field, next, completion, timeout, retry, approval, position, outcome; above the steps: intent, input, stage, edge order, edge from";

/** Reads every `[…]` on an annotation line (`start` = index of the first '['). */
export function parseAnnotationLine(
  line: string,
  lineNumber: number,
  start: number,
): { annotations: Annotation[]; error?: TextIssue } {
  const reader = new AnnotationReader(line, start);
  const annotations: Annotation[] = [];
  try {
    for (let char = reader.peek(); char !== undefined; char = reader.peek()) {
      if (char !== "[") reader.fail("An annotation line holds only annotations in square brackets, like [id: s3].");
      const pos = { line: lineNumber, column: reader.at + 1 };
      reader.at++;
      annotations.push({ pos, ...readAnnotation(reader) } as Annotation);
      reader.end();
    }
    return { annotations };
  } catch (error) {
    if (!(error instanceof AnnotationError)) throw error;
    return { annotations, error: { line: lineNumber, column: error.column, message: error.message } };
  }
}

type Body = Annotation extends infer A ? (A extends { pos: Pos } ? Omit<A, "pos"> : never) : never;

/** The annotations only one kind of step carries, read by that kind (lib/routine/kinds/<kind>/annotations.ts). */
const KIND_ANNOTATION_READERS: Readonly<Record<string, (r: AnnotationReader) => Body>> = {
  ...TOOL_ANNOTATION_READERS,
  ...ROUTINE_ANNOTATION_READERS,
};

function readAnnotation(r: AnnotationReader): Body {
  const keyAt = r.at;
  const key = r.word("an annotation name such as id, kind, tool, in, out or next").toLowerCase();
  switch (key) {
    case "id":
      r.expect(":", "after 'id'");
      return { key, value: readId(r) };
    case "stage":
      if (r.eat(":")) return { key: "stage", value: readId(r) };
      return readStageDefinition(r);
    case "kind":
      r.expect(":", "after 'kind'");
      return { key: "kind", value: readKind(r) };
    case "position": {
      r.expect(":", "after 'position'");
      const x = readNumber(r, "the x coordinate");
      r.expect(",", "between the x and y coordinates");
      return { key: "position", x, y: readNumber(r, "the y coordinate") };
    }
    case "in":
      return readBinding(r);
    case "out": {
      const name = readIdentifier(r);
      return { key: "out", name, description: r.eat(":") ? r.text(false) : "" };
    }
    case "input":
    case "field":
      return { key, param: readParam(r) };
    case "next":
    case "goto":
      r.eat(":");
      return { key: "next", next: readNext(r) };
    case "edge":
      return readEdge(r);
    default:
      if (Object.hasOwn(KIND_ANNOTATION_READERS, key)) return KIND_ANNOTATION_READERS[key](r);
      if ((TEXT_KEYS as readonly string[]).includes(key)) {
        r.expect(":", `after '${key}'`);
        return { key: key as TextKey, value: r.text(false) };
      }
      return r.fail(`Unknown annotation [${key}]. Known annotations: ${KNOWN}.`, keyAt);
  }
}

function readIdentifier(r: AnnotationReader): string {
  r.skipSpaces();
  const at = r.at;
  const name = r.word("a name like employee_id");
  if (!IDENTIFIER.test(name))
    r.fail(`'${name}' is not a valid name: use letters, digits and '_', not starting with a digit.`, at);
  return name;
}

function readKind(r: AnnotationReader): StepKind {
  r.skipSpaces();
  const at = r.at;
  const kind = r.word("a step kind").toLowerCase();
  if (!(STEP_KINDS as readonly string[]).includes(kind))
    r.fail(`Unknown step kind '${kind}'. Use tool, skill, branch, human, routine or end.`, at);
  return kind as StepKind;
}

function readStageDefinition(r: AnnotationReader): Body {
  const id = readId(r);
  r.expect(":", 'and the stage\'s name, as in [stage collect: "Collect the request"]');
  const name = r.text(true);
  let description: string | undefined;
  while (r.eat(",")) {
    const option = r.word("'description'").toLowerCase();
    if (option !== "description") r.fail(`Unknown stage option '${option}'; a stage takes a name and a description.`);
    r.expect(":", "after 'description'");
    description = r.text(true);
  }
  return { key: "stage-def", id, name, description };
}

function readParam(r: AnnotationReader): ParamSpec {
  const param: ParamSpec = { name: readIdentifier(r) };
  while (r.eat(",")) {
    const at = r.at;
    const option = r.word("type, optional, required or description").toLowerCase();
    if (option === "optional" || option === "required") param.required = option === "required";
    else if (option === "type") {
      r.expect(":", "after 'type'");
      const type = r.word("a type").toLowerCase();
      if (!(PARAM_TYPES as readonly string[]).includes(type))
        r.fail(`Unknown type '${type}'. Use ${PARAM_TYPES.join(", ")}.`);
      param.type = type as Param["type"];
    } else if (option === "description") {
      r.expect(":", "after 'description'");
      param.description = r.text(true);
    } else r.fail(`Unknown option '${option}'. Use type, optional, required or description.`, at);
  }
  return param;
}

function readBinding(r: AnnotationReader): Body {
  const name = readIdentifier(r);
  r.expect("=", "and where the value comes from, as in [in days = input days]");
  const char = r.peek();
  if (char === '"') return { key: "in", name, binding: { from: "literal", value: r.string() } };
  if (char === "[" || char === "{")
    return { key: "in", name, binding: { from: "literal", value: r.jsonComposite() as JsonValue } };
  const at = r.at;
  const word = r.word('input NAME, step ID.output, model "hint", or a value such as 3, "text" or true');
  const lower = word.toLowerCase();
  if (lower === "input") return { key: "in", name, binding: { from: "input", name: readIdentifier(r) } };
  if (lower === "model") return { key: "in", name, binding: { from: "model", hint: r.atEnd() ? "" : r.text(false) } };
  if (lower === "step") {
    const refAt = r.at;
    const ref = r.word("a step id and output, as in step s2.balance");
    const dot = ref.indexOf(".");
    if (dot <= 0 || dot === ref.length - 1)
      r.fail(`Write the step id, a dot and its output, as in step s2.balance (found '${ref}').`, refAt);
    return { key: "in", name, binding: { from: "step", stepId: ref.slice(0, dot), path: ref.slice(dot + 1) } };
  }
  if (lower === "true" || lower === "false")
    return { key: "in", name, binding: { from: "literal", value: lower === "true" } };
  if (lower === "null") return { key: "in", name, binding: { from: "literal", value: null } };
  if (JSON_NUMBER.test(word)) return { key: "in", name, binding: { from: "literal", value: Number(word) } };
  return r.fail(
    `'${word}' is not a value source: write input NAME, step ID.output, model "hint", or a value such as 3, "text" or true.`,
    at,
  );
}

function readNext(r: AnnotationReader): NextSpec {
  const next: NextSpec = { target: readTarget(r) };
  while (r.eat(",")) {
    const at = r.at;
    const option = r.word("id, if or expr").toLowerCase();
    r.expect(":", `after '${option}'`);
    if (option === "id") next.id = readId(r);
    else if (option === "if") next.label = r.text(true);
    else if (option === "expr") next.expression = r.text(true);
    else r.fail(`Unknown option '${option}'. A [next] takes id, if and expr.`, at);
  }
  return next;
}

function readTarget(r: AnnotationReader): Target {
  if (r.peek() === '"') return { type: "id", id: readId(r) };
  const at = r.at;
  const word = r.word("a step id, 'Step 5', 'Branch 4-1 Step 2' or 'none'");
  const lower = word.toLowerCase();
  if (lower === "none") return { type: "none" };
  if (lower === "step") return { type: "label", label: { type: "main", n: readWhole(r, "the step number") } };
  if (lower === "branch") {
    const numbersAt = r.at;
    const match = /^([0-9]{1,9})-([0-9]{1,9})$/.exec(r.word("the branch, as in Branch 4-1 Step 2"));
    if (!match) r.fail("Write the branch as in Branch 4-1 Step 2.", numbersAt);
    if (r.word("'Step'").toLowerCase() !== "step") r.fail("Write the branch as in Branch 4-1 Step 2.", numbersAt);
    const i = readWhole(r, "the step number within the branch");
    return { type: "label", label: { type: "branch", n: Number(match[1]), k: Number(match[2]), i } };
  }
  if (!ID.test(word)) r.fail(`'${word}' is not a valid step id.`, at);
  return { type: "id", id: word };
}

function readWhole(r: AnnotationReader, what: string): number {
  r.skipSpaces();
  const at = r.at;
  const word = r.word(what);
  if (!/^[0-9]{1,9}$/.test(word)) r.fail(`Expected ${what}, found '${word}'.`, at);
  return Number(word);
}

function readEdge(r: AnnotationReader): Body {
  const at = r.at;
  const second = r.word("'order' or 'from'").toLowerCase();
  if (second === "order") {
    r.expect(":", "after 'edge order'");
    const ids = [readId(r)];
    while (r.eat(",")) ids.push(readId(r));
    return { key: "edge-order", ids };
  }
  if (second !== "from") r.fail("Use [edge from STEP: TARGET] or [edge order: e1, e2].", at);
  const source = readId(r);
  r.expect(":", "after the source step's id");
  return { key: "edge-from", source, next: readNext(r) };
}
