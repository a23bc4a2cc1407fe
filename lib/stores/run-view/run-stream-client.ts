import { isFinished, readStreamedRunEvent, type StoredRunEvent } from "../../events";
import type { RunViewStore } from "./run-view-store";

/** The part of the browser's EventSource the client uses (tests pass a fake). */
export type EventSourceLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: "run", listener: (event: MessageEvent<string>) => void): void;
  close(): void;
};

export const EVENT_SOURCE_CLOSED = 2;

export type RunStreamOptions = {
  /** The run's stream route, e.g. `/api/runs/<id>/events`. */
  url: string;
  store: RunViewStore;
  /** The seq the page's snapshot reflects: events up to it are the history, folded in one update. */
  historyUntil: number;
  open?: (url: string) => EventSourceLike;
  /** Waits before reopening a stream the server closed or refused (doubling up to `maxDelayMs`). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** After the run finished, how often to look for a revival (an operator's retry or re-run, from any browser). */
  reviveMs?: number;
};

/**
 * Keeps a run view's store in step with the server: opens the SSE stream from seq 0, folds the history up to the
 * snapshot's seq in one update, then applies live events one by one. The browser's EventSource reconnects by
 * itself with Last-Event-ID after a dropped connection; when the server closes or refuses the stream, or the store
 * finds a gap, this reopens it from the last seq applied. After `run.finished` it closes the stream; since an
 * operator may still retry or re-run a finished run, it asks again every `reviveMs` (the server answers 204 while
 * there is nothing new) and at once when the store's `wakeStream()` is called.
 */
export function connectRunStream(options: RunStreamOptions): { close(): void } {
  const { store, historyUntil, minDelayMs = 1_000, maxDelayMs = 15_000, reviveMs = 15_000 } = options;
  const open = options.open ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
  let source: EventSourceLike | null = null;
  let history: StoredRunEvent[] | null = historyUntil > 0 ? [] : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = minDelayMs;
  let stopped = false;
  let ended = false;

  // While catching up, the store still shows the snapshot: what counts is the history received so far.
  const received = () => (history ? (history.at(-1)?.seq ?? 0) : store.getState().lastSeq);

  const schedule = (wait: number) => {
    source?.close();
    source = null;
    clearTimeout(timer);
    timer = setTimeout(connect, wait);
  };

  const reopen = (wait: number) => {
    store.getState().setConnection("reconnecting");
    schedule(wait);
  };

  const end = () => {
    ended = true;
    store.getState().setConnection("ended");
    schedule(reviveMs);
  };

  const onEvent = (message: MessageEvent<string>) => {
    let event: StoredRunEvent | null = null;
    try {
      event = readStreamedRunEvent(JSON.parse(message.data));
    } catch {
      event = null;
    }
    // An event this page cannot parse (a newer server) arrives as unreadable and takes its seq; only a message that
    // is no event at all is skipped.
    if (!event) return;
    delay = minDelayMs;
    if (ended) {
      ended = false;
      store.getState().setConnection("live");
    }
    let gapAt: number | null;
    if (history) {
      history.push(event);
      if (event.seq < historyUntil && event.type !== "run.finished") return;
      gapAt = store.getState().replaceWithHistory(history);
      history = null;
    } else {
      gapAt = store.getState().applyEvents([event]);
    }
    if (gapAt !== null) return reopen(0);
    if (event.type === "run.finished") end();
  };

  function connect() {
    if (stopped) return;
    const next = open(`${options.url}?lastEventId=${received()}`);
    source = next;
    next.onopen = () => {
      if (!ended) store.getState().setConnection("live");
    };
    next.addEventListener("run", onEvent);
    next.onerror = () => {
      if (source !== next || stopped) return;
      // A finished run's 204 (nothing new) closes the stream too: look again later.
      if (ended) return schedule(reviveMs);
      if (next.readyState !== EVENT_SOURCE_CLOSED) return store.getState().setConnection("reconnecting");
      // Closed for good by the server: refused (gone, too many streams), or a finished run with nothing to send.
      if (isFinished(store.getState().header.status) && history === null) return end();
      reopen(delay);
      delay = Math.min(maxDelayMs, delay * 2);
    };
  }

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.streamWakeups !== previous.streamWakeups && !stopped) schedule(0);
  });

  connect();
  return {
    close: () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
