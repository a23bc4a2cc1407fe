import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server in front of a route handler, glued the way Next's Node server does it: the Request's signal
 * aborts when the response closes before it finished (the client went away), and the body is piped with `pipeTo`
 * under that signal, waiting for `drain` when the socket pushes back (next/dist/server/pipe-readable.js).
 */
export async function serveHandler(
  handler: (request: Request) => Promise<Response>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const abort = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const response = await handler(
      new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, signal: abort.signal }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    res.flushHeaders();
    await response.body
      .pipeTo(
        new WritableStream<Uint8Array>({
          write: (chunk) =>
            res.write(chunk) ? undefined : new Promise<void>((resolve) => res.once("drain", () => resolve())),
          close: () => void res.end(),
          abort: () => void res.destroy(),
        }),
        { signal: abort.signal },
      )
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
