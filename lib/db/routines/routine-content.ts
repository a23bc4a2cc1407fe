import "server-only";
import type { z } from "zod";
import { hasUnpositionedSteps, layoutIfUnpositioned } from "../../graph";
import { formatPath, migrateRoutine, type Routine, ROUTINE_SCHEMA_VERSION, routineSchema } from "../../routine";
import { ValidationError } from "../core";
import { MAX_ROUTINE_BYTES } from "./routine-inputs";

/** A routine ready to store: the parsed model, its JSON text and its step count (kept beside it for the library). */
export type PreparedRoutine = { routine: Routine; content: string; stepCount: number };

/** A new routine with nothing in it but its end: what "New routine → Blank" creates. */
export function blankRoutine(id: string, name: string, description = ""): Routine {
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id,
    name,
    description,
    intents: [],
    inputs: [],
    steps: [{ id: "done", kind: "end", name: "Done", description: "" }],
    edges: [],
    stages: [],
  };
}

/**
 * Validates `raw` against the Routine schema, gives it the routine's id (and any `overrides`), and serializes it.
 * Only the shape is checked here: a draft may still have structural issues (unreachable steps, unbound inputs).
 * Throws a ValidationError naming the first problems, or when the JSON exceeds MAX_ROUTINE_BYTES.
 */
export function prepareRoutine(
  raw: unknown,
  id: string,
  overrides: Partial<Pick<Routine, "name" | "description">> = {},
): PreparedRoutine {
  const parsed = routineSchema.safeParse(raw);
  if (!parsed.success) throw routineShapeError(parsed.error);
  const routine: Routine = { ...parsed.data, ...overrides, id };
  const content = JSON.stringify(routine);
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > MAX_ROUTINE_BYTES) {
    throw new ValidationError(
      `This routine is ${formatMegabytes(bytes)} as JSON; the limit is ${formatMegabytes(MAX_ROUTINE_BYTES)}. Split it into sub-routines or shorten long texts.`,
      { routine: ["The routine is too large to store."] },
    );
  }
  return { routine, content, stepCount: routine.steps.length };
}

/**
 * prepareRoutine for a new routine: steps without a position (paper text, JSON without positions, a blank
 * routine) are laid out first, so the designer never opens on steps stacked at the origin.
 */
export async function prepareNewRoutine(
  raw: unknown,
  id: string,
  overrides: Partial<Pick<Routine, "name" | "description">> = {},
): Promise<PreparedRoutine> {
  const prepared = prepareRoutine(raw, id, overrides);
  return hasUnpositionedSteps(prepared.routine)
    ? prepareRoutine(await layoutIfUnpositioned(prepared.routine), id)
    : prepared;
}

/** Reads a stored routine's JSON, migrating an older schemaVersion forward (the stored text is left as it is). */
export function readStoredRoutine(content: string): Routine {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    throw new ValidationError("The stored routine is not valid JSON; it cannot be opened.");
  }
  const result = migrateRoutine(raw);
  if (!result.ok) {
    const problems = result.errors.map((issue) => `${issue.path}: ${issue.message}`);
    throw new ValidationError(`The stored routine cannot be opened: ${problems.slice(0, 3).join("; ")}.`, {
      routine: problems,
    });
  }
  return result.routine;
}

/**
 * A stored routine as JSON text of the current schema version. Every write stores `JSON.stringify` of a routine
 * that passed routineSchema (prepareRoutine), so text that starts with the current schemaVersion is returned as it
 * is; older text is migrated and serialized again. Throws like readStoredRoutine for unreadable content.
 */
export function storedRoutineJson(content: string): string {
  return content.startsWith(CURRENT_PREFIX) ? content : JSON.stringify(readStoredRoutine(content));
}

/** How JSON.stringify begins a parsed routine: routineSchema's first key is schemaVersion. */
const CURRENT_PREFIX = `{"schemaVersion":${ROUTINE_SCHEMA_VERSION},`;

/** A ValidationError whose message names where the routine is wrong, e.g. "steps.2.name: Give it a name." */
function routineShapeError(error: z.ZodError): ValidationError {
  const problems = error.issues.map(
    (issue) =>
      `${formatPath(issue.path.map((part) => (typeof part === "number" ? part : String(part))))}: ${issue.message}`,
  );
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
  return new ValidationError(
    `The routine is not valid: ${problems.slice(0, 3).join("; ")}${more}. Nothing was saved.`,
    { routine: problems },
  );
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
