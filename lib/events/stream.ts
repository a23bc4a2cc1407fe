import type { RunEvent } from "./run-events";
import { encodeSseEvent } from "./sse";
import { createSseStream } from "./sse-stream";

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

export const STREAM_PAGE_SIZE = 200;

/**
 * The run's events as an SSE byte stream, without gaps or duplicates: it subscribes to live events first and buffers
 * them, replays the stored events after `afterSeq` page by page, then sends buffered and live events in seq order,
 * skipping any it already sent and reading from the table whatever a live batch skipped over (events are stored
 * before they are published). It ends after the run's `run.finished` event, and on abort or cancel (see
 * createSseStream). Work that touches the database runs in the stream's own async chain, never in the bus listener,
 * so it keeps the caller's request context (and acting viewer).
 */
export function createRunEventStream(options: RunEventStreamOptions): ReadableStream<Uint8Array> {
  const { runId, pageSize = STREAM_PAGE_SIZE } = options;
  const pending: RunEvent[] = [];
  let last = options.afterSeq;
  let finished = false;

  return createSseStream({
    signal: options.signal,
    keepAliveMs: options.keepAliveMs,
    onClose: options.onClose,
    listen: (sse) =>
      options.subscribe((events) => {
        for (const event of events) if (event.runId === runId) pending.push(event);
        sse.wake();
      }),
    pump: async (sse) => {
      const send = (event: RunEvent) => {
        sse.write(encodeSseEvent(event));
        last = event.seq;
        if (event.type === "run.finished") finished = true;
      };
      const done = () => sse.closed || finished || (options.finishedAtSeq != null && last >= options.finishedAtSeq);

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

      await catchUp();
      while (!done()) {
        if (pending.length === 0) {
          await sse.sleep();
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
    },
    onFailure: (error, sse) => {
      console.error(`[events] the stream of run ${runId} failed`, error);
      sse.close(error);
    },
  });
}
