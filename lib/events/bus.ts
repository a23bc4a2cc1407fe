import type { RunEvent } from "./run-events";

type Listener = (events: RunEvent[]) => void;

/**
 * The in-process event bus: the engine's EventSink publishes each commit's events here, and SSE streams subscribed
 * to that run receive them. Listeners run synchronously and must not throw (a throwing one is dropped and logged).
 * Events of runs executed in another process reach it through the event relay (event-relay.ts), which reads them
 * from the tables.
 */
export class RunEventBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly allListeners = new Set<Listener>();

  /** Delivers events of one run to its listeners and to listeners of every run. */
  publish(runId: string, events: RunEvent[]): void {
    if (events.length === 0) return;
    for (const listener of [...(this.listeners.get(runId) ?? []), ...this.allListeners]) {
      try {
        listener(events);
      } catch (error) {
        console.error("[events] a run event listener failed and was removed", error);
        this.unsubscribe(runId, listener);
        this.allListeners.delete(listener);
      }
    }
  }

  /** Listens to one run's events; returns the function that stops listening. */
  subscribe(runId: string, listener: Listener): () => void {
    let set = this.listeners.get(runId);
    if (!set) this.listeners.set(runId, (set = new Set()));
    set.add(listener);
    return () => this.unsubscribe(runId, listener);
  }

  /** Listens to every run's events (the runs list's live status); returns the function that stops listening. */
  subscribeAll(listener: Listener): () => void {
    this.allListeners.add(listener);
    return () => this.allListeners.delete(listener);
  }

  /** The runs someone in this process listens to (the event relay reads their new events from the tables). */
  subscribedRunIds(): string[] {
    return [...this.listeners.keys()];
  }

  /** How many listeners of every run there are. */
  allListenerCount(): number {
    return this.allListeners.size;
  }

  /** How many listeners one run has (for tests and connection caps). */
  listenerCount(runId: string): number {
    return this.listeners.get(runId)?.size ?? 0;
  }

  private unsubscribe(runId: string, listener: Listener) {
    const set = this.listeners.get(runId);
    if (!set) return;
    set.delete(listener);
    if (set.size === 0) this.listeners.delete(runId);
  }
}

const globalForBus = globalThis as unknown as { routineStudioRunEventBus?: RunEventBus };

/** The process's one bus (kept on globalThis so route handlers and the engine share it across module copies). */
export const runEventBus: RunEventBus = (globalForBus.routineStudioRunEventBus ??= new RunEventBus());
