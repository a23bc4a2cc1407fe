import {
  importRoutineJson,
  exportRoutineJson,
  parseRoutineText,
  renderRoutineText,
  type Routine,
  type ToolDefinition,
} from "@/lib/routine";

export type ImportOutcome = { ok: true; routine: Routine } | { ok: false; problems: string[] };

/**
 * Reads an imported file as JSON (by name or first character) or as paper text, keeping the open routine's id;
 * with the tool catalog, plain paper lines bind the tool parameters their input words name.
 */
export function readImportedRoutine(
  fileName: string,
  text: string,
  current: Routine,
  tools?: readonly ToolDefinition[],
): ImportOutcome {
  const looksJson = fileName.toLowerCase().endsWith(".json") || /^\s*[[{]/.test(text);
  const result = looksJson
    ? importRoutineJson(text)
    : parseRoutineText(text, { id: current.id, name: current.name, tools });
  if (!result.ok) {
    return {
      ok: false,
      problems: result.errors.map((error) => `Line ${error.line}, column ${error.column}: ${error.message}`),
    };
  }
  return { ok: true, routine: { ...result.routine, id: current.id } };
}

/** Offers `routine` as a download in either format. */
export function downloadRoutine(routine: Routine, format: "json" | "text") {
  const body = format === "json" ? exportRoutineJson(routine) : renderRoutineText(routine);
  const blob = new Blob([body], { type: format === "json" ? "application/json" : "text/plain" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = downloadFileName(routine.name, format);
  link.click();
  URL.revokeObjectURL(url);
}

/** The file an export saves to: the routine's name in letters, digits, spaces, `_` and `-` ("routine" if none are left). */
export function downloadFileName(routineName: string, format: "json" | "text"): string {
  const base = routineName.replace(/[^A-Za-z0-9 _-]/g, "").trim() || "routine";
  return `${base}.${format === "json" ? "json" : "txt"}`;
}
