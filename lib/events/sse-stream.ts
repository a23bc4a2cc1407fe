import { SSE_KEEP_ALIVE, encodeSseRetry } from "./sse";
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from "./stream-limits";

/** The keep-alive period the SSE routes document (a comment line every 15 s). */
export const STREAM_KEEP_ALIVE_MS = DEFAULT_STREAM_LIMITS.keepAliveMs;
/** How long a browser waits before reconnecting a dropped stream (sent as `retry:` when the stream opens). */
export const RECONNECT_DELAY_MS = 2_000;

/** Why a stream was cut off, as its reader's error says (servers log nothing for these: AbortError). */
export const CLIENT_STOPPED_READING = "The client stopped reading the stream.";
export const ACCESS_ENDED = "The viewer may no longer see this stream.";
export const ACCESS_UNCHECKED = "The viewer's access could not be checked again.";

/** What a stream's producer works with. */
export type SseChannel = {
  /** True once the stream produces no more (ended, ending, or cut off). */
  readonly closed: boolean;
  /** True while the client can take more: fewer than `maxBufferedBytes` wait unread. */
  readonly wantsMore: boolean;
  /** Sends one message unless the stream is closed; counts as activity for the idle limit. */
  write(text: string): void;
  /** Ends the stream: without an error once the client has read what waits; with one at once (it is errored). */
  close(error?: unknown): void;
  /** Ends the stream at once, dropping what the client has not read; its reader sees `reason`. */
  cutOff(reason: string): void;
  /** Resolves at the next `wake()`, or when the stream closes. */
  sleep(): Promise<void>;
  /** Wakes the producer sleeping in `sleep()`. */
  wake(): void;
  /** Resolves once the client can take more (see `wantsMore`), or when the stream closes. */
  demand(): Promise<void>;
};

export type SseStreamOptions = {
  /** The request's signal: the client went away. */
  signal: AbortSignal;
  /** Any limit left out takes its default (DEFAULT_STREAM_LIMITS). */
  limits?: Partial<StreamLimits>;
  /** Called exactly once when the stream ends, whichever way (finished, aborted, cancelled, cut off, failed). */
  onClose?: () => void;
  /** Starts listening for what to send (waking the producer); returns the function that stops. */
  listen(channel: SseChannel): () => void;
  /** Sends until there is nothing more to send, waiting for `demand()`; the stream ends when it returns. */
  pump(channel: SseChannel): Promise<void>;
  /** The producer failed: report it and close the channel. */
  onFailure(error: unknown, channel: SseChannel): void;
  /** Asked every `recheckMs` while open: may the viewer still see this stream? false, or a failure, cuts it off. */
  recheck?: () => Promise<boolean>;
};

// Node turns a timer delay above 2^31-1 ms into 1 ms: a huge configured lifetime must not end every stream at once.
const delay = (ms: number) => Math.min(Math.max(1, ms), 2_147_483_647);

/**
 * The plumbing both SSE streams share. The body is a byte stream whose high-water mark is `maxBufferedBytes`: the
 * producer waits for `demand()` before it reads or sends, so it works only as fast as the client reads. It opens with
 * a `retry:` line (so the headers go out and EventSource opens at once) and writes a keep-alive comment every
 * `keepAliveMs` when nothing waits unread. A watchdog cuts off a client that leaves bytes unread for `stallMs` and
 * ends a stream that sent no event for `idleMs`; the stream also ends after `maxLifetimeMs`, and `recheck` runs every
 * `recheckMs`. Ending stops listening, clears the timers, wakes the producer and calls `onClose` once, on abort,
 * cancel, cut-off, the producer's end or its failure; a graceful end first lets the client read what waits.
 * `listen` and `pump` are called synchronously from here, so the producer runs in the caller's async chain.
 */
export function createSseStream(options: SseStreamOptions): ReadableStream<Uint8Array> {
  const limits: StreamLimits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
  const { signal } = options;
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // open: producing; draining: nothing more to send, ends once the client has read what waits; ended: done.
  let phase: "open" | "draining" | "ended" = "open";
  let sleeping: (() => void) | null = null;
  let wanting: (() => void) | null = null;
  let unsubscribe: () => void = () => undefined;
  let enqueued = 0;
  let consumed = 0;
  let waitingSince = Date.now();
  let lastEventAt = Date.now();
  let checking = false;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let watchdog: ReturnType<typeof setInterval> | undefined;
  let rechecks: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;

  /** Bytes enqueued that the client has not taken; every read it makes shows up here, so reads are noticed. */
  const unread = () => {
    if (phase === "ended") return 0;
    const queued = limits.maxBufferedBytes - (controller.desiredSize ?? limits.maxBufferedBytes);
    if (enqueued - queued > consumed) {
      consumed = enqueued - queued;
      waitingSince = Date.now();
    }
    return queued;
  };
  const wakeAll = () => {
    const waiters = [sleeping, wanting];
    sleeping = wanting = null;
    for (const resolve of waiters) resolve?.();
  };
  const stopProducing = () => {
    unsubscribe();
    unsubscribe = () => undefined;
    clearInterval(keepAlive);
    clearInterval(rechecks);
    clearTimeout(lifetime);
    wakeAll();
  };
  const end = (error?: unknown) => {
    if (phase === "ended") return;
    phase = "ended";
    stopProducing();
    clearInterval(watchdog);
    signal.removeEventListener("abort", onAbort);
    try {
      if (error === undefined) controller.close();
      else controller.error(error);
    } catch {
      // Already closed or errored by the consumer: nothing left to tell it.
    }
    options.onClose?.();
  };
  const finish = () => {
    if (phase !== "open") return;
    phase = "draining";
    stopProducing();
    if (unread() <= 0) end();
  };
  // AbortError: Next's response pipe treats it as a client gone, not as a server failure to log.
  const cutOff = (reason: string) => end(new DOMException(reason, "AbortError"));
  const onAbort = () => end();
  const enqueue = (text: string) => {
    const bytes = encoder.encode(text);
    if (unread() <= 0) waitingSince = Date.now();
    try {
      controller.enqueue(bytes);
      enqueued += bytes.byteLength;
    } catch {
      end();
    }
  };
  const watch = () => {
    const queued = unread();
    if (phase === "draining" && queued <= 0) return end();
    if (queued > 0 && Date.now() - waitingSince >= limits.stallMs) return cutOff(CLIENT_STOPPED_READING);
    if (phase === "open" && Date.now() - lastEventAt >= limits.idleMs) finish();
  };
  const recheckAccess = () => {
    if (!options.recheck || checking || phase !== "open") return;
    checking = true;
    options
      .recheck()
      .then(
        (allowed) => (allowed ? undefined : cutOff(ACCESS_ENDED)),
        (error: unknown) => {
          console.error("[events] could not check a stream's viewer again; closing the stream", error);
          cutOff(ACCESS_UNCHECKED);
        },
      )
      .finally(() => (checking = false));
  };

  const channel: SseChannel = {
    get closed() {
      return phase !== "open";
    },
    get wantsMore() {
      return phase === "open" && (controller.desiredSize ?? 0) > 0;
    },
    write(text) {
      if (phase !== "open") return;
      lastEventAt = Date.now();
      enqueue(text);
    },
    close: (error) => (error === undefined ? finish() : end(error)),
    cutOff,
    sleep: () => (phase !== "open" ? Promise.resolve() : new Promise<void>((resolve) => (sleeping = resolve))),
    wake() {
      const resolve = sleeping;
      sleeping = null;
      resolve?.();
    },
    demand: () =>
      phase !== "open" || channel.wantsMore ? Promise.resolve() : new Promise<void>((resolve) => (wanting = resolve)),
  };

  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        if (signal.aborted) return end();
        signal.addEventListener("abort", onAbort, { once: true });
        unsubscribe = options.listen(channel);
        enqueue(encodeSseRetry(RECONNECT_DELAY_MS));
        keepAlive = setInterval(() => {
          if (phase === "open" && unread() <= 0) enqueue(SSE_KEEP_ALIVE);
        }, delay(limits.keepAliveMs));
        watchdog = setInterval(watch, delay(Math.min(5_000, Math.max(5, Math.min(limits.stallMs, limits.idleMs) / 4))));
        lifetime = setTimeout(finish, delay(limits.maxLifetimeMs));
        if (options.recheck) rechecks = setInterval(recheckAccess, delay(limits.recheckMs));
        options.pump(channel).then(finish, (error: unknown) => options.onFailure(error, channel));
      },
      // Called when the client has read and the buffer has room again: hand the producer its demand.
      pull() {
        if (unread() <= 0 && phase === "draining") return end();
        if (!channel.wantsMore) return;
        const resolve = wanting;
        wanting = null;
        resolve?.();
      },
      cancel() {
        end();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: limits.maxBufferedBytes }),
  );
}
