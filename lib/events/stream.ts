import type { RunEvent } from "./run-events";
import { SSE_KEEP_ALIVE, encodeSseEvent, encodeSseRetry } from "./sse";

export type RunEventStreamOptions = {
  runId: string;
  /** The seq the client already has (Last-Event-ID); the stream starts after it. */
  afterSeq: number;
  /** Stored events of the run with seq > afterSeq, oldest first, at most `limit`. */
  loadPage(afterSeq: number, limit: number): Promise<RunEvent[]>;
  /** Starts listening to the run's live events; returns the function that stops. */
  subscribe(listener: (events: RunEvent[]) => void): () => void;
  /** The request's signal: the client went away. */
  signal: AbortSignal;
  /** The run had already finished when the stream was asked for, at this seq: end once it is sent. */
  finishedAtSeq?: number | null;
  keepAliveMs?: number;
  pageSize?: number;
  /** Called exactly once when the stream ends, whichever way (finished, aborted, cancelled, failed). */
  onClose?: () => void;
};

export const STREAM_KEEP_ALIVE_MS = 15_000;
export const STREAM_PAGE_SIZE = 200;
/** How long a browser waits before reconnecting a dropped stream (sent as `retry:` when the stream opens). */
export const RECONNECT_DELAY_MS = 2_000;

/**
 * The run's events as an SSE byte stream, without gaps or duplicates: it subscribes to live events first and buffers
 * them, replays the stored events after `afterSeq` page by page, then sends buffered and live events in seq order,
 * skipping any it already sent and reading from the table whatever a live batch skipped over (events are stored
 * before they are published). It ends after the run's `run.finished` event, and on abort or cancel; either way it
 * unsubscribes and clears its timer. Work that touches the database runs in this function's own async chain, never
 * in the bus listener, so it keeps the caller's request context (and acting viewer).
 */
export function createRunEventStream(options: RunEventStreamOptions): ReadableStream<Uint8Array> {
  const { runId, signal, keepAliveMs = STREAM_KEEP_ALIVE_MS, pageSize = STREAM_PAGE_SIZE } = options;
  const encoder = new TextEncoder();
  const pending: RunEvent[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  let unsubscribe: () => void = () => undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const close = (error?: unknown) => {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (keepAlive !== undefined) clearInterval(keepAlive);
    signal.removeEventListener("abort", onAbort);
    notify();
    try {
      if (error === undefined) controller.close();
      else controller.error(error);
    } catch {
      // Already closed or errored by the consumer: nothing left to tell it.
    }
    options.onClose?.();
  };
  const onAbort = () => close();
  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };

  let last = options.afterSeq;
  let finished = false;
  const send = (event: RunEvent) => {
    write(encodeSseEvent(event));
    last = event.seq;
    if (event.type === "run.finished") finished = true;
  };
  const done = () => closed || finished || (options.finishedAtSeq != null && last >= options.finishedAtSeq);

  /** Sends stored events after `last` until the table has no more (or the run is done). */
  const catchUp = async () => {
    while (!done()) {
      const page = await options.loadPage(last, pageSize);
      for (const event of page) {
        if (done()) return;
        if (event.seq > last) send(event);
      }
      if (page.length < pageSize) return;
    }
  };

  const pump = async () => {
    await catchUp();
    while (!done()) {
      if (pending.length === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const batch = pending.splice(0).sort((a, b) => a.seq - b.seq);
      for (const event of batch) {
        if (done()) break;
        if (event.seq <= last) continue;
        // A live batch that starts past what was sent: the missing events are already in the table.
        if (event.seq > last + 1) await catchUp();
        if (!done() && event.seq > last) send(event);
      }
    }
    close();
  };

  return new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      if (signal.aborted) {
        close();
        return;
      }
      signal.addEventListener("abort", onAbort, { once: true });
      unsubscribe = options.subscribe((events) => {
        for (const event of events) if (event.runId === runId) pending.push(event);
        notify();
      });
      // At once, so the response's headers go out (EventSource opens) even when there is nothing to replay yet.
      write(encodeSseRetry(RECONNECT_DELAY_MS));
      keepAlive = setInterval(() => write(SSE_KEEP_ALIVE), keepAliveMs);
      pump().catch((error: unknown) => {
        console.error(`[events] the stream of run ${runId} failed`, error);
        close(error);
      });
    },
    cancel() {
      close();
    },
  });
}
