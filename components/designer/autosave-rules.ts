import type { SaveState } from "@/lib/stores/designer";
import type { Routine } from "@/lib/routine";

export type SaveResult =
  | { status: "saved"; revision: number }
  | { status: "stale"; currentRevision: number }
  | { status: "error"; message: string };
export type SaveDraft = (input: { routineId: string; baseRevision: number; routine: Routine }) => Promise<SaveResult>;

/** What a save that never reached the server answers: the draft stays in the page and autosave tries again. */
export const UNREACHABLE: SaveResult = {
  status: "error",
  message: "The server could not be reached. Your changes are kept here; retrying.",
};

/**
 * Whether autosave sends the draft now: it has unsaved changes (or a failed save to retry), no save is under way,
 * the person may edit, and no stale save waits for them to choose which version to keep.
 */
export function savesNow(state: { save: SaveState; canEdit: boolean }, saving: boolean): boolean {
  if (saving || state.save.status === "stale" || !state.canEdit) return false;
  return state.save.status === "dirty" || state.save.status === "error";
}

/**
 * The save state once the server answered, and what autosave does next: save again soon when the draft changed
 * while it was saving, retry later after an error, or wait (for the next change, or for the person after a stale save).
 */
export function afterSave(
  result: SaveResult,
  changedMeanwhile: boolean,
): { save: Partial<SaveState>; next: "save-soon" | "retry-later" | "wait" } {
  if (result.status === "saved")
    return {
      save: { status: changedMeanwhile ? "dirty" : "saved", revision: result.revision },
      next: changedMeanwhile ? "save-soon" : "wait",
    };
  if (result.status === "stale")
    return { save: { status: "stale", currentRevision: result.currentRevision }, next: "wait" };
  return { save: { status: "error", message: result.message }, next: "retry-later" };
}

/** Whether leaving the page now would lose changes, so the browser asks first. */
export function leavingLosesChanges(status: SaveState["status"]): boolean {
  return status === "dirty" || status === "saving" || status === "error" || status === "stale";
}
