import "server-only";
import type { RunControl } from "../engine";

type Listeners = { work: Set<() => void>; control: Set<(runId: string, control: RunControl) => void> };

// On globalThis: route handlers, server actions and the worker may hold different copies of this module.
const listeners = ((globalThis as { routineStudioRunWake?: Listeners }).routineStudioRunWake ??= {
  work: new Set(),
  control: new Set(),
});

/** Tells this process's run worker that there is work (a new run, a resumed one, an operator's decision). */
export function wakeRunWorker(): void {
  for (const listener of listeners.work) listener();
}

/** Called by the worker: runs `listener` on every wake-up; returns the function that stops listening. */
export function onRunWork(listener: () => void): () => void {
  listeners.work.add(listener);
  return () => listeners.work.delete(listener);
}

/**
 * Hands an operator's pause or cancel to the run in flight in this process at once. The request is stored on the
 * run too (run.control), which a worker in another process reads while the step works.
 */
export function signalRunControl(runId: string, control: RunControl): void {
  for (const listener of listeners.control) listener(runId, control);
}

/** Called by the worker: hears pause and cancel requests; returns the function that stops listening. */
export function onRunControl(listener: (runId: string, control: RunControl) => void): () => void {
  listeners.control.add(listener);
  return () => listeners.control.delete(listener);
}
