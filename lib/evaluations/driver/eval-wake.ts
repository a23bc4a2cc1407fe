import "server-only";

type Listeners = { work: Set<() => void> };

// On globalThis: server actions and the driver may hold different copies of this module.
const listeners = ((globalThis as { routineStudioEvalWake?: Listeners }).routineStudioEvalWake ??= {
  work: new Set(),
});

/** Tells this process's eval driver that there is work: a suite run started, or a cancel was asked for. */
export function wakeEvalDriver(): void {
  for (const listener of listeners.work) listener();
}

/** Called by the driver: runs `listener` on every wake-up; returns the function that stops listening. */
export function onEvalWork(listener: () => void): () => void {
  listeners.work.add(listener);
  return () => listeners.work.delete(listener);
}
