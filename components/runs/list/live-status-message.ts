import { isFinished, parseStatusUpdate, type RunStatus, type RunStatusUpdate } from "@/lib/events";

/** A `status` message of GET /api/runs/events, or null for one that cannot be read (the list ignores it). */
export function readStatusMessage(data: string): RunStatusUpdate | null {
  try {
    return parseStatusUpdate(JSON.parse(data));
  } catch {
    return null;
  }
}

/** The listed statuses with `update` applied; the same object when the status is already shown, so nothing re-renders. */
export function withStatus(
  statuses: Record<string, RunStatus>,
  update: Pick<RunStatusUpdate, "runId" | "status">,
): Record<string, RunStatus> {
  return statuses[update.runId] === update.status ? statuses : { ...statuses, [update.runId]: update.status };
}

/**
 * Whether the page's data must be read again for `update`: a run the list does not have yet (just started) gets its
 * row, and a run that finished gets its final duration.
 */
export function needsRefresh(update: Pick<RunStatusUpdate, "runId" | "status">, listed: ReadonlySet<string>): boolean {
  return !listed.has(update.runId) || isFinished(update.status);
}
