import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

export type Bridge = { url: string; origin: string; close(): Promise<void> };

/**
 * Serves a web-standard handler (Request → Response) over real HTTP, as Next's route handler serves it, so MCP
 * clients and the conformance suite talk to the endpoint over the wire. The Request's URL is the listening
 * address, not the Host header (Next's own origin). `extraHeaders` are added to every request that lacks them (the
 * conformance suite sends no Authorization header, which a real client is configured with).
 */
export async function serveHandler(
  handler: (request: Request) => Promise<Response>,
  path: string,
  extraHeaders: Record<string, string> = {},
): Promise<Bridge> {
  let origin = "";
  const server = createServer((req, res) => {
    void forward(req, res).catch((error: unknown) => {
      console.error("bridge failed:", error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  async function forward(req: IncomingMessage, res: ServerResponse) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    for (const [name, value] of Object.entries(extraHeaders)) if (!headers.has(name)) headers.set(name, value);
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`${origin}${req.url ?? path}`, {
      method: req.method,
      headers,
      signal: controller.signal,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
    } as RequestInit);
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.flushHeaders();
    if (!response.body) return void res.end();
    const reader = response.body.getReader();
    res.on("close", () => void reader.cancel().catch(() => undefined));
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      res.write(value);
    }
    res.end();
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${path}`,
    origin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
