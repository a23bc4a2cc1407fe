import { findJsonError, lineColumn, locateJsonPaths, positionFinder } from "./json-scan";
import { migrateRoutine } from "./migrate";
import { importPaperJson, isPaperJson } from "./paper-json";
import type { Routine } from "./schema";
import type { ParseOptions } from "./text-assemble-step";
import { formatCount, type TextIssue } from "./text-lexer";

export const MAX_JSON_LENGTH = 5_000_000;

export type ImportResult =
  | { ok: true; routine: Routine; warnings: TextIssue[]; format: "routine" | "paper"; migratedFrom?: number }
  | { ok: false; errors: TextIssue[] };

/** Keys in this order wherever they appear; other keys (binding names, literal values' keys) alphabetically after. */
const KEY_ORDER = [
  "schemaVersion",
  "id",
  "kind",
  "name",
  "description",
  "intents",
  "inputs",
  "stages",
  "steps",
  "edges",
  "stageId",
  "position",
  "x",
  "y",
  "tool",
  "server",
  "routineId",
  "instruction",
  "outputs",
  "form",
  "completion",
  "timeoutMs",
  "retry",
  "maxAttempts",
  "backoffMs",
  "requiresApproval",
  "outcome",
  "source",
  "target",
  "condition",
  "label",
  "expression",
  "type",
  "required",
  "from",
  "value",
  "stepId",
  "path",
  "hint",
];
const RANK = new Map(KEY_ORDER.map((key, index) => [key, index]));

/** Pretty JSON with a stable key order, so the same routine always exports to the same bytes. */
export function exportRoutineJson(routine: Routine): string {
  return `${JSON.stringify(ordered(routine), null, 2)}\n`;
}

function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort(
    (a, b) => (RANK.get(a) ?? KEY_ORDER.length) - (RANK.get(b) ?? KEY_ORDER.length) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return Object.fromEntries(keys.map((key) => [key, ordered((value as Record<string, unknown>)[key])]));
}

/**
 * Reads routine JSON (any schema version, migrated forward) or the Routine paper's JSON list form. Never throws;
 * problems come back with the line and column where they are in the text.
 */
export function importRoutineJson(text: string, options: ParseOptions = {}): ImportResult {
  if (typeof text !== "string") return failAt(1, 1, "Expected the routine as JSON text.");
  if (text.length > MAX_JSON_LENGTH) {
    return failAt(
      1,
      1,
      `This file is ${formatCount(text.length)} characters long; Routine Studio imports at most ${formatCount(MAX_JSON_LENGTH)}.`,
    );
  }
  const body = text.startsWith("\uFEFF") ? ` ${text.slice(1)}` : text;
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (error) {
    const found = findJsonError(body);
    const { line, column } = lineColumn(body, found?.offset ?? 0);
    return failAt(
      line,
      column,
      `This is not valid JSON: ${found?.message ?? (error instanceof Error ? error.message : "it could not be read")}`,
    );
  }
  try {
    if (isPaperJson(raw)) {
      const result = importPaperJson(raw, body, options);
      return result.ok ? { ...result, format: "paper" } : result;
    }
    const result = migrateRoutine(raw);
    if (result.ok) {
      const base = { ok: true as const, routine: result.routine, warnings: [], format: "routine" as const };
      return result.migratedFrom === undefined ? base : { ...base, migratedFrom: result.migratedFrom };
    }
    const issues = result.errors.slice(0, 50);
    const offsets = locateJsonPaths(
      body,
      issues.map((issue) => issue.at),
    );
    const position = positionFinder(body);
    return {
      ok: false,
      errors: issues.map((issue, index) => ({
        ...position(offsets[index]),
        message: `${issue.path}: ${issue.message}`,
      })),
    };
  } catch (error) {
    const detail = error instanceof RangeError ? "its values are nested too deeply" : "of an unexpected problem";
    return failAt(1, 1, `This routine could not be read because ${detail}.`);
  }
}

function failAt(line: number, column: number, message: string): ImportResult {
  return { ok: false, errors: [{ line, column, message }] };
}
