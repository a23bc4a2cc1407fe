import type { Binding, JsonValue } from "../../routine";

/** Where a value was seen in an earlier call's output: a step binding's source. */
export type OutputSource = { stepId: string; path: string };

const SEGMENT = /^[A-Za-z0-9_]+$/;
const FIRST_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Bounds on the walk through one output, so a huge tool result cannot make the conversion slow. */
const MAX_DEPTH = 8;
const MAX_NODES_PER_OUTPUT = 5000;
const MAX_HINT_EXAMPLE = 80;

/**
 * The values the kept calls' outputs held, each mapped to the latest call and shallowest path it was seen at.
 * Scalars are keyed by their text, so the argument "42" finds an output 42 (a model often passes numbers as
 * strings); objects and arrays by their canonical JSON. Booleans and null are not indexed: `true` is in too many
 * outputs to say where an argument came from.
 */
export class OutputIndex {
  private readonly seen = new Map<string, OutputSource>();

  constructor(private readonly variables: ReadonlyMap<string, string> = new Map()) {}

  /** Records a call's output (`{ result: … }`); later calls win over earlier ones for the same value. */
  add(stepId: string, output: JsonValue | null): void {
    if (!isObject(output)) return;
    const found = new Map<string, string>();
    const queue: { value: JsonValue; path: string; depth: number }[] = [];
    for (const [name, value] of Object.entries(output)) {
      if (FIRST_SEGMENT.test(name)) queue.push({ value, path: name, depth: 0 });
    }
    for (let head = 0; head < queue.length && head < MAX_NODES_PER_OUTPUT; head++) {
      const { value, path, depth } = queue[head];
      const stubKey = variableKey(value);
      // A large output is held in variable memory: the argument may be its key, or a value inside it.
      const held = stubKey === null ? value : this.variableValue(stubKey);
      if (stubKey !== null) remember(found, valueKey(stubKey), path);
      if (held === undefined) continue;
      const key = valueKey(held);
      if (key !== null) remember(found, key, path);
      if (depth >= MAX_DEPTH) continue;
      for (const [segment, child] of children(held)) {
        if (SEGMENT.test(segment)) queue.push({ value: child, path: `${path}.${segment}`, depth: depth + 1 });
      }
    }
    for (const [key, path] of found) this.seen.set(key, { stepId, path });
  }

  /** The latest earlier output that held this value, if any. */
  find(value: JsonValue): OutputSource | undefined {
    const key = valueKey(value);
    return key === null ? undefined : this.seen.get(key);
  }

  private variableValue(key: string): JsonValue | undefined {
    const text = this.variables.get(key);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      return text;
    }
  }
}

/**
 * Where an argument's value came from, in the order the data most likely flowed: an earlier call's output, else the
 * request (left to the executor model to extract again, with the value as an example), else a fixed literal.
 */
export function bindArgument(name: string, value: JsonValue, earlier: OutputIndex, request: RequestText): Binding {
  const source = earlier.find(value);
  if (source) return { from: "step", stepId: source.stepId, path: source.path };
  if (request.mentions(value)) {
    const example = JSON.stringify(value);
    const shown = example.length > MAX_HINT_EXAMPLE ? `${example.slice(0, MAX_HINT_EXAMPLE - 1)}…` : example;
    return { from: "model", hint: `${name} from the request, e.g. ${shown}` };
  }
  return { from: "literal", value };
}

/** The request, searched case-insensitively; numbers must stand as a whole number in it ("3", not the 3 of "13"). */
export class RequestText {
  private readonly lower: string;

  constructor(request: string) {
    this.lower = request.toLowerCase();
  }

  mentions(value: JsonValue): boolean {
    if (typeof value === "string") {
      const text = value.trim().toLowerCase();
      return text.length > 0 && this.lower.includes(text);
    }
    if (typeof value === "number" && Number.isFinite(value)) {
      return new RegExp(`(^|[^0-9.])${escapeRegExp(String(value))}($|[^0-9])`).test(this.lower);
    }
    return false;
  }
}

function remember(found: Map<string, string>, key: string | null, path: string): void {
  if (key !== null && !found.has(key)) found.set(key, path);
}

function valueKey(value: JsonValue): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : `s:${value}`;
  if (typeof value === "number") return Number.isFinite(value) ? `s:${value}` : null;
  if (typeof value === "boolean" || value === null) return null;
  if (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0) return null;
  return `j:${canonicalJson(value)}`;
}

/** JSON with object keys sorted, so that deep-equal values give the same text. */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function children(value: JsonValue): [string, JsonValue][] {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item]);
  return isObject(value) ? Object.entries(value) : [];
}

function variableKey(value: JsonValue): string | null {
  return isObject(value) && typeof value.$var === "string" ? value.$var : null;
}

function isObject(value: JsonValue | null | undefined): value is { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
