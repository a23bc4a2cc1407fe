import type { RunEvent } from "./run-events";
import type { StoredRunEvent } from "./stored-events";
import { encodeSseEvent } from "./sse";
import { createSseStream } from "./sse-stream";
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from "./stream-limits";

export type RunEventStreamOptions = {
  runId: string;
  /** The seq the client already has (Last-Event-ID); the stream starts after it. */
  afterSeq: number;
  /** Stored events of the run with seq > afterSeq, oldest first, at most `limit` (those it could not read too). */
  loadPage(afterSeq: number, limit: number): Promise<StoredRunEvent[]>;
  /** Starts listening to the run's live events; returns the function that stops. */
  subscribe(listener: (events: RunEvent[]) => void): () => void;
  /** The request's signal: the client went away. */
  signal: AbortSignal;
  /** The run had already finished when the stream was asked for, at this seq: end once it is sent. */
  finishedAtSeq?: number | null;
  limits?: Partial<StreamLimits>;
  pageSize?: number;
  /** Asked every `recheckMs`: may the viewer still see the run? false ends the stream (see createSseStream). */
  recheck?: () => Promise<boolean>;
  /** Called exactly once when the stream ends, whichever way (finished, aborted, cancelled, cut off, failed). */
  onClose?: () => void;
};

export const STREAM_PAGE_SIZE = 200;
/** The most text one write of a stream carries (a page of events in a few writes, a commit's events in one). */
const CHUNK_CHARS = 64 * 1024;

/** Whether a live batch follows `last` without a hole (sorted; duplicates count as holes, to be read back). */
function continues(batch: StoredRunEvent[], last: number): boolean {
  return batch.every((event, index) => event.seq === (index === 0 ? last : batch[index - 1]!.seq) + 1);
}

/**
 * The run's events as an SSE byte stream, without gaps or duplicates, produced only as fast as the client reads.
 * It subscribes to live events first and keeps them, replays the stored events after `afterSeq` one page at a time
 * when the client wants more, then sends the kept and live events in seq order. Live events it cannot send in order
 * (a hole: a notification lost or late, or more kept than `maxPendingEvents` for a client that is behind) are dropped
 * and read back from the table, where they are stored before they are published. It ends after the run's
 * `run.finished` event, and on abort, cancel and the limits of createSseStream. Database reads run in the stream's
 * own async chain, never in the bus listener.
 */
export function createRunEventStream(options: RunEventStreamOptions): ReadableStream<Uint8Array> {
  const { runId, pageSize = STREAM_PAGE_SIZE } = options;
  const maxPending = options.limits?.maxPendingEvents ?? DEFAULT_STREAM_LIMITS.maxPendingEvents;
  const finishedAtSeq = options.finishedAtSeq ?? null;
  let pending: RunEvent[] = [];
  let backlog: StoredRunEvent[] = [];
  // Whether the table has been read to its end since the stream began or last found a hole.
  let caughtUp = false;
  // Counts the drops of kept events: a page read that a drop overlapped may have missed them.
  let drops = 0;
  let last = options.afterSeq;
  let finished = false;

  return createSseStream({
    signal: options.signal,
    limits: options.limits,
    recheck: options.recheck,
    onClose: options.onClose,
    listen: (sse) =>
      options.subscribe((events) => {
        for (const event of events) if (event.runId === runId) pending.push(event);
        if (pending.length > maxPending) {
          pending = [];
          caughtUp = false;
          drops += 1;
        }
        sse.wake();
      }),
    pump: async (sse) => {
      const done = () => sse.closed || finished || (finishedAtSeq !== null && last >= finishedAtSeq);
      while (!done()) {
        if (backlog.length > 0) {
          await sse.demand();
          // The events at hand go out as one chunk (one socket write, not one per event), up to a bound so the
          // stream's backpressure still applies between chunks.
          let chunk = "";
          while (backlog.length > 0 && chunk.length < CHUNK_CHARS && !done()) {
            const event = backlog.shift()!;
            if (event.seq <= last) continue;
            chunk += encodeSseEvent(event);
            last = event.seq;
            if (event.type === "run.finished") finished = true;
          }
          if (chunk) sse.write(chunk);
        } else if (!caughtUp) {
          await sse.demand();
          if (done()) break;
          const dropsBefore = drops;
          backlog = await options.loadPage(last, pageSize);
          caughtUp = backlog.length < pageSize && drops === dropsBefore;
        } else if (finishedAtSeq !== null) {
          // Finished before the stream began and the table is read to its end: nothing more will come.
          break;
        } else if (pending.length === 0) {
          await sse.sleep();
        } else {
          const batch = pending
            .splice(0)
            .filter((event) => event.seq > last)
            .sort((a, b) => a.seq - b.seq);
          if (continues(batch, last)) backlog = batch;
          else caughtUp = false;
        }
      }
    },
    onFailure: (error, sse) => {
      console.error(`[events] the stream of run ${runId} failed`, error);
      sse.close(error);
    },
  });
}
