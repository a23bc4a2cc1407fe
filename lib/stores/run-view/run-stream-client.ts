import { isFinished, parseRunEvent, type RunEvent } from "../../events/run-events";
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
};

/**
 * Keeps a run view's store in step with the server: opens the SSE stream from seq 0, folds the history up to the
 * snapshot's seq in one update, then applies live events one by one. The browser's EventSource reconnects by
 * itself with Last-Event-ID after a dropped connection; when the server closes or refuses the stream, or the store
 * finds a gap, this reopens it from the last seq applied. It stops after the run's `run.finished` event.
 */
export function connectRunStream(options: RunStreamOptions): { close(): void } {
  const { store, historyUntil, minDelayMs = 1_000, maxDelayMs = 15_000 } = options;
  const open = options.open ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
  let source: EventSourceLike | null = null;
  let history: RunEvent[] | null = historyUntil > 0 ? [] : null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let delay = minDelayMs;
  let stopped = false;

  // While catching up, the store still shows the snapshot: what counts is the history received so far.
  const received = () => (history ? (history.at(-1)?.seq ?? 0) : store.getState().lastSeq);

  const stop = (connection: "ended" | null) => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
    if (connection) store.getState().setConnection(connection);
  };

  const reopen = (wait: number) => {
    source?.close();
    source = null;
    store.getState().setConnection("reconnecting");
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, wait);
  };

  const onEvent = (message: MessageEvent<string>) => {
    let event: RunEvent | null = null;
    try {
      event = parseRunEvent(JSON.parse(message.data));
    } catch {
      event = null;
    }
    // An event this client does not know (a newer server) is skipped, not fatal.
    if (!event) return;
    delay = minDelayMs;
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
    if (event.type === "run.finished") stop("ended");
  };

  function connect() {
    if (stopped) return;
    const from = received();
    const next = open(`${options.url}?lastEventId=${from}`);
    source = next;
    next.onopen = () => store.getState().setConnection("live");
    next.addEventListener("run", onEvent);
    next.onerror = () => {
      if (source !== next || stopped) return;
      if (next.readyState !== EVENT_SOURCE_CLOSED) return store.getState().setConnection("reconnecting");
      // Closed for good by the server: nothing more to send for a finished run, or refused (gone, too many streams).
      const header = store.getState().header;
      if (isFinished(header.status) && history === null) return stop("ended");
      reopen(delay);
      delay = Math.min(maxDelayMs, delay * 2);
    };
  }

  connect();
  return { close: () => stop(null) };
}
