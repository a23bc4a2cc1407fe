import { createStore } from "zustand/vanilla";
import type { StoredRunEvent } from "../../events";
import { applyRunEvents } from "./apply-events";
import { emptyStateOf, stateFromSnapshot, type RunViewSnapshot, type RunViewState } from "./run-view-state";

export type RunViewUi = {
  /** The step whose detail the side panel shows. */
  selectedStepId: string | null;
  /** The stream's health, for the header's live indicator. */
  connection: "connecting" | "live" | "reconnecting" | "ended";
  /** Bumped when the page wants the stream back at once (an operator's action revived a finished run). */
  streamWakeups: number;
};

export type RunViewActions = {
  /** Applies live events; returns the seq expected when they skipped ahead (the caller reconnects), else null. */
  applyEvents(events: readonly StoredRunEvent[]): number | null;
  /**
   * Replaces the run state by folding a run's whole history (events from seq 1) over the empty run: the catch-up
   * after opening the page, applied in one update so nodes never flicker back through old states.
   */
  replaceWithHistory(events: readonly StoredRunEvent[]): number | null;
  selectStep(stepId: string | null): void;
  setConnection(connection: RunViewUi["connection"]): void;
  /** Asks the stream client to reconnect now: an intervention succeeded and new events are on their way. */
  wakeStream(): void;
};

export type RunViewStoreState = RunViewState & RunViewUi & RunViewActions;
export type RunViewStore = ReturnType<typeof createRunViewStore>;

/** One store per open run view (made by its provider, never a module singleton). */
export function createRunViewStore(snapshot: RunViewSnapshot) {
  return createStore<RunViewStoreState>()((set, get) => ({
    ...stateFromSnapshot(snapshot),
    selectedStepId: null,
    connection: "connecting",
    streamWakeups: 0,
    applyEvents(events) {
      const { state, gapAt } = applyRunEvents(get(), events);
      if (state !== get()) set(state);
      return gapAt;
    },
    replaceWithHistory(events) {
      const { state, gapAt } = applyRunEvents(emptyStateOf(snapshot), events);
      set(state);
      return gapAt;
    },
    selectStep(stepId) {
      if (get().selectedStepId !== stepId) set({ selectedStepId: stepId });
    },
    setConnection(connection) {
      if (get().connection !== connection) set({ connection });
    },
    wakeStream() {
      set({ streamWakeups: get().streamWakeups + 1 });
    },
  }));
}
