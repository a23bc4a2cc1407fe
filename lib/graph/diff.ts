import type { Edge, Routine, Stage, Step } from "../routine";

export type ChangedItem<T> = { before: T; after: T; fields: string[] };

/** Items matched by id: added in `after` order, removed in `before` order, changed in `after` order. */
export type CollectionDiff<T> = { added: T[]; removed: T[]; changed: ChangedItem<T>[] };

export type RoutineDiff = {
  steps: CollectionDiff<Step>;
  edges: CollectionDiff<Edge>;
  stages: CollectionDiff<Stage>;
  /** Top-level fields that changed: "name", "description", "intents", "inputs", … */
  routine: { fields: string[] };
};

export type DiffOptions = {
  /** Count moved steps as changed ("position"). Off by default: layout is not a reviewable change. */
  includePositions?: boolean;
};

/** Fields compared one key deeper, so the diff names the binding or condition part that changed. */
const NESTED_STEP_FIELDS = new Set(["inputs"]);
const NESTED_EDGE_FIELDS = new Set(["condition"]);
const COLLECTIONS = new Set(["steps", "edges", "stages"]);

/**
 * What changed between two versions of a routine, matched by id, for the review screen. Field names
 * are paths such as "name", "tool", "inputs.employee_id", "outputs", "condition.label".
 */
export function diffRoutines(before: Routine, after: Routine, options: DiffOptions = {}): RoutineDiff {
  const ignoredStepFields = new Set(["id", ...(options.includePositions ? [] : ["position"])]);
  return {
    steps: diffById(before.steps, after.steps, (a, b) => changedFields(a, b, ignoredStepFields, NESTED_STEP_FIELDS)),
    edges: diffById(before.edges, after.edges, (a, b) => changedFields(a, b, new Set(["id"]), NESTED_EDGE_FIELDS)),
    stages: diffById(before.stages, after.stages, (a, b) => changedFields(a, b, new Set(["id"]), new Set())),
    routine: { fields: changedFields(before, after, COLLECTIONS, new Set()) },
  };
}

/** True when the diff holds no change at all. */
export function isEmptyDiff(diff: RoutineDiff): boolean {
  const empty = (c: CollectionDiff<unknown>) =>
    c.added.length === 0 && c.removed.length === 0 && c.changed.length === 0;
  return empty(diff.steps) && empty(diff.edges) && empty(diff.stages) && diff.routine.fields.length === 0;
}

function diffById<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  fields: (a: T, b: T) => string[],
): CollectionDiff<T> {
  const beforeById = new Map(before.map((item) => [item.id, item]));
  const afterIds = new Set(after.map((item) => item.id));
  const diff: CollectionDiff<T> = { added: [], removed: before.filter((item) => !afterIds.has(item.id)), changed: [] };
  for (const item of after) {
    const old = beforeById.get(item.id);
    if (!old) {
      diff.added.push(item);
      continue;
    }
    const changed = fields(old, item);
    if (changed.length > 0) diff.changed.push({ before: old, after: item, fields: changed });
  }
  return diff;
}

function changedFields(
  before: object,
  after: object,
  ignored: ReadonlySet<string>,
  nested: ReadonlySet<string>,
): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const fields: string[] = [];
  for (const key of unionKeys(a, b)) {
    if (ignored.has(key) || deepEqual(a[key], b[key])) continue;
    if (nested.has(key) && isPlainObject(a[key] ?? {}) && isPlainObject(b[key] ?? {})) {
      const inner = changedFields((a[key] ?? {}) as object, (b[key] ?? {}) as object, new Set(), new Set());
      fields.push(...inner.map((field) => `${key}.${field}`));
    } else {
      fields.push(key);
    }
  }
  return fields;
}

/** Keys of `b`, then those only in `a`, skipping keys whose value is undefined on both sides. */
function unionKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  return [...keys].filter((key) => a[key] !== undefined || b[key] !== undefined);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Structural equality for JSON-like values; a key set to undefined equals a missing key. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  return unionKeys(a, b).every((key) => deepEqual(a[key], b[key]));
}
