import type { OptimizeEvent } from "@/lib/planner";

/** A blank line this often keeps proxies from closing a stream that waits minutes for a model. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Streams events as NDJSON (one JSON object per line) while `run` works. The run gets an AbortSignal that fires when
 * the browser goes away (the request's signal, or the stream being cancelled), so a closed tab or the dialog's
 * Cancel stops the model call; events after that are dropped. Blank lines are keep-alives the reader skips.
 */
export function ndjsonResponse(
  requestSignal: AbortSignal,
  run: (emit: (event: OptimizeEvent) => void, signal: AbortSignal) => Promise<void>,
): Response {
  const encoder = new TextEncoder();
  const gone = new AbortController();
  const leave = () => gone.abort();
  requestSignal.addEventListener("abort", leave, { once: true });
  let open = true;
  let keepAlive: ReturnType<typeof setInterval> | undefined;

  const body = new ReadableStream<Uint8Array>({
    start(sink) {
      const write = (text: string) => {
        if (!open) return;
        try {
          sink.enqueue(encoder.encode(text));
        } catch {
          open = false;
        }
      };
      keepAlive = setInterval(() => write("\n"), KEEP_ALIVE_MS);
      // Not awaited: start returns at once so the response (and its first events) reach the browser while it runs.
      void run((event) => write(`${JSON.stringify(event)}\n`), gone.signal).finally(() => {
        clearInterval(keepAlive);
        requestSignal.removeEventListener("abort", leave);
        if (!open) return;
        open = false;
        try {
          sink.close();
        } catch {
          // Already closed by the reader.
        }
      });
    },
    cancel() {
      open = false;
      clearInterval(keepAlive);
      gone.abort();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
