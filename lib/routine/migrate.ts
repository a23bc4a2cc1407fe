import { ROUTINE_SCHEMA_VERSION, routineSchema, type Routine } from "./schema";

/** A problem with stored or imported routine JSON: a readable path (`steps[2].tool`), its parts, and the message. */
export type RoutineIssue = { path: string; at: Array<string | number>; message: string };

export type MigrateResult =
  { ok: true; routine: Routine; migratedFrom?: number } | { ok: false; errors: RoutineIssue[] };

type Raw = Record<string, unknown>;

/**
 * Forward steps, keyed by the version they read. Version 1 (the first draft) differed from 2 in two ways:
 * a tool step's `tool` was one string, "server/name" or a bare "name" on server "default"; and bindings said
 * `source` instead of `from`, with "ask" (and `question`) where version 2 has "model" (and `hint`).
 */
const MIGRATIONS: Record<number, (raw: Raw) => Raw> = {
  1: (raw) => ({ ...raw, schemaVersion: 2, steps: Array.isArray(raw.steps) ? raw.steps.map(stepFromV1) : raw.steps }),
};

/** Reads routine JSON of any known schema version: applies the forward steps, then parses with routineSchema. */
export function migrateRoutine(raw: unknown): MigrateResult {
  if (!isObject(raw)) return fail([], "A routine must be a JSON object.");
  const version = raw.schemaVersion ?? 1;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    return fail(["schemaVersion"], "schemaVersion must be a whole number such as 2.");
  }
  if (version > ROUTINE_SCHEMA_VERSION) {
    return fail(
      ["schemaVersion"],
      `This routine was made by a newer Routine Studio (schema version ${version}); this one reads up to version ${ROUTINE_SCHEMA_VERSION}. Update Routine Studio to open it.`,
    );
  }
  let current: Raw = raw;
  for (let step = version; step < ROUTINE_SCHEMA_VERSION; step++) current = MIGRATIONS[step](current);
  const parsed = routineSchema.safeParse(current);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((issue) => toIssue(issue.path, issue.message)) };
  }
  return version < ROUTINE_SCHEMA_VERSION
    ? { ok: true, routine: parsed.data, migratedFrom: version }
    : { ok: true, routine: parsed.data };
}

function stepFromV1(step: unknown): unknown {
  if (!isObject(step)) return step;
  const next: Raw = { ...step };
  if (typeof step.tool === "string") {
    const slash = step.tool.indexOf("/");
    next.tool =
      slash > 0
        ? { server: step.tool.slice(0, slash), name: step.tool.slice(slash + 1) }
        : { server: "default", name: step.tool };
  }
  if (isObject(step.inputs)) {
    next.inputs = Object.fromEntries(
      Object.entries(step.inputs).map(([name, binding]) => [name, bindingFromV1(binding)]),
    );
  }
  return next;
}

function bindingFromV1(binding: unknown): unknown {
  if (!isObject(binding) || !("source" in binding)) return binding;
  const { source, question, ...rest } = binding;
  if (source === "ask") return { ...rest, from: "model", ...(question !== undefined ? { hint: question } : {}) };
  return { ...rest, from: source };
}

function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(at: Array<string | number>, message: string): MigrateResult {
  return { ok: false, errors: [toIssue(at, message)] };
}

function toIssue(path: ReadonlyArray<PropertyKey>, message: string): RoutineIssue {
  const at = path.map((part) => (typeof part === "number" ? part : String(part)));
  return { path: formatPath(at), at, message };
}

/** ["steps", 2, "inputs", "employee id"] → steps[2].inputs["employee id"]; [] → (routine). */
export function formatPath(at: ReadonlyArray<string | number>): string {
  if (at.length === 0) return "(routine)";
  return at
    .map((part, index) => {
      if (typeof part === "number") return `[${part}]`;
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(part)) return index === 0 ? part : `.${part}`;
      return `[${JSON.stringify(part)}]`;
    })
    .join("");
}
