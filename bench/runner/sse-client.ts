import http from "node:http";

/** One run event as a watcher received it: its seq and type, its commit time (`at`), and when it arrived (ms). */
export type Received = { seq: number; type: string; at: number; receivedAt: number };

export type Watcher = {
  received: Received[];
  /** The highest seq received so far (0 before any). */
  maxSeq(): number;
  /** Resolves when the server ends the stream (after run.finished); rejects on a refused or broken connection. */
  ended: Promise<void>;
  close(): void;
};

// Plain sockets, no pooling: each watcher holds its own connection for the whole run.
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/**
 * A plain HTTP client of GET /api/runs/[id]/events (no browser, no EventSource): sends the API token, splits the
 * stream into SSE messages and records every `run` event with the wall-clock time (Date.now(), the clock the
 * server stamps `at` with) of the chunk that carried it.
 */
export function watchRun(baseUrl: string, runId: string, token: string): Watcher {
  const received: Received[] = [];
  let max = 0;
  let request: http.ClientRequest | undefined;
  const ended = new Promise<void>((resolve, reject) => {
    request = http.get(
      `${baseUrl}/api/runs/${encodeURIComponent(runId)}/events`,
      { agent, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`The event stream answered ${response.statusCode}.`));
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk: string) => {
          const receivedAt = Date.now();
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = message
              .split("\n")
              .filter((line) => line.startsWith("data: "))
              .map((line) => line.slice(6))
              .join("\n");
            if (!data) continue;
            const event = JSON.parse(data) as { seq: number; type: string; at: string };
            received.push({ seq: event.seq, type: event.type, at: Date.parse(event.at), receivedAt });
            max = Math.max(max, event.seq);
          }
        });
        response.once("end", () => resolve());
        response.once("error", reject);
      },
    );
    request.once("error", reject);
  });
  // A watcher closed on purpose (clean-up) must not surface as an unhandled rejection.
  ended.catch(() => {});
  return { received, maxSeq: () => max, ended, close: () => request?.destroy() };
}
