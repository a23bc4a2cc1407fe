import type { Routine } from "../../routine";

/** Undo/redo over immutable routine snapshots (structural sharing keeps them cheap). */
export type History = { past: Routine[]; future: Routine[]; lastKey?: string; lastAt?: number };

export const MAX_HISTORY = 200;
/** Keystrokes in one field within this window undo together, like a text editor's word-level undo. */
export const COALESCE_MS = 1000;

/** What undo and redo hand back: the routine to show and the history around it. */
export type Snapshot = { history: History; routine: Routine };

export const emptyHistory = (): History => ({ past: [], future: [] });

/**
 * Records `previous` as an undo point before a change. Changes with the same `key` (step + field) that follow
 * each other within COALESCE_MS share one undo point.
 */
export function record(history: History, previous: Routine, key?: string, now = Date.now()): History {
  const coalesce =
    key !== undefined && key === history.lastKey && history.lastAt !== undefined && now - history.lastAt < COALESCE_MS;
  if (coalesce) return { ...history, lastAt: now, future: [] };
  return { past: [...history.past, previous].slice(-MAX_HISTORY), future: [], lastKey: key, lastAt: now };
}

export function undo(history: History, current: Routine): Snapshot | null {
  const previous = history.past.at(-1);
  if (!previous) return null;
  return { history: { past: history.past.slice(0, -1), future: [current, ...history.future] }, routine: previous };
}

export function redo(history: History, current: Routine): Snapshot | null {
  const [next, ...rest] = history.future;
  if (!next) return null;
  return { history: { past: [...history.past, current], future: rest }, routine: next };
}
