import { SSE_KEEP_ALIVE, encodeSseRetry } from "./sse";

export const STREAM_KEEP_ALIVE_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream (sent as `retry:` when the stream opens). */
export const RECONNECT_DELAY_MS = 2_000;

/** What a stream's producer works with. */
export type SseChannel = {
  readonly closed: boolean;
  /** Sends text unless the stream is closed; a consumer that cannot take it any more closes the stream. */
  write(text: string): void;
  /** Ends the stream once, whichever way it ends (with an error: errors it); later calls do nothing. */
  close(error?: unknown): void;
  /** Resolves at the next `wake()`, or when the stream closes. */
  sleep(): Promise<void>;
  /** Wakes the producer sleeping in `sleep()`. */
  wake(): void;
};

export type SseStreamOptions = {
  /** The request's signal: the client went away. */
  signal: AbortSignal;
  keepAliveMs?: number;
  /** Called exactly once when the stream ends, whichever way (finished, aborted, cancelled, failed). */
  onClose?: () => void;
  /** Starts listening for what to send (waking the producer); returns the function that stops. */
  listen(channel: SseChannel): () => void;
  /** Sends until there is nothing more to send; the stream closes when it returns. */
  pump(channel: SseChannel): Promise<void>;
  /** The producer failed: report it and close the channel. */
  onFailure(error: unknown, channel: SseChannel): void;
};

/**
 * The plumbing both SSE streams share: a `retry:` line at once (so the response's headers go out and EventSource
 * opens before the first message), a keep-alive comment every `keepAliveMs`, and one close that stops listening,
 * clears the timer, wakes the producer and calls `onClose`, on abort, cancel, the producer's end or its failure.
 * `listen` and `pump` are called synchronously from here, so the producer's work runs in the caller's async chain
 * (its request context and acting viewer), never in a bus listener's.
 */
export function createSseStream(options: SseStreamOptions): ReadableStream<Uint8Array> {
  const { signal, keepAliveMs = STREAM_KEEP_ALIVE_MS } = options;
  const encoder = new TextEncoder();
  let waiting: (() => void) | null = null;
  let closed = false;
  let unsubscribe: () => void = () => undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const wake = () => {
    const resolve = waiting;
    waiting = null;
    resolve?.();
  };
  const close = (error?: unknown) => {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (keepAlive !== undefined) clearInterval(keepAlive);
    signal.removeEventListener("abort", onAbort);
    wake();
    try {
      if (error === undefined) controller.close();
      else controller.error(error);
    } catch {
      // Already closed or errored by the consumer: nothing left to tell it.
    }
    options.onClose?.();
  };
  const onAbort = () => close();
  const channel: SseChannel = {
    get closed() {
      return closed;
    },
    write(text) {
      if (closed) return;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        close();
      }
    },
    close,
    sleep: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => (waiting = resolve))),
    wake,
  };

  return new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      if (signal.aborted) {
        close();
        return;
      }
      signal.addEventListener("abort", onAbort, { once: true });
      unsubscribe = options.listen(channel);
      channel.write(encodeSseRetry(RECONNECT_DELAY_MS));
      keepAlive = setInterval(() => channel.write(SSE_KEEP_ALIVE), keepAliveMs);
      options.pump(channel).then(
        () => close(),
        (error: unknown) => options.onFailure(error, channel),
      );
    },
    cancel() {
      close();
    },
  });
}
