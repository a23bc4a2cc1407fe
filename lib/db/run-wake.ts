import "server-only";

type Listener = () => void;

// On globalThis: route handlers, server actions and the worker may hold different copies of this module.
const listeners = ((globalThis as { routineStudioRunWake?: Set<Listener> }).routineStudioRunWake ??= new Set<Listener>());

/** Tells this process's run worker that there is work (a new run, a resumed one, an operator's decision). */
export function wakeRunWorker(): void {
  for (const listener of listeners) listener();
}

/** Called by the worker: runs `listener` on every wake-up; returns the function that stops listening. */
export function onRunWork(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
