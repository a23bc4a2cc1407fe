import { getEventListeners } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch } from "../guarded-fetch";
import { parseAllowedNetworks } from "../policy";

// The guarded fetch's answers as its callers (the MCP and OpenAI SDKs) read them, against a real local server: what
// it sends, JSON, event streams that arrive while they are written, compressed answers, empty ones, failures.

type Seen = { method: string; headers: IncomingMessage["headers"]; body: string };
let server: Server;
let base: string;
let seen: Seen[] = [];
/** The event stream's writer, while a test holds one open. */
let streaming: ServerResponse | null = null;

const routes: Record<string, (response: ServerResponse) => void> = {
  "/json": (response) => {
    response.setHeader("set-cookie", ["a=1", "b=2"]);
    response.writeHead(201, { "content-type": "application/json", "mcp-session-id": "s-1" });
    response.end(JSON.stringify({ ok: true }));
  },
  "/gzip": (response) => {
    response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
    response.end(gzipSync(JSON.stringify({ packed: "x".repeat(1000) })));
  },
  "/events": (response) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.write("data: first\n\n");
    streaming = response;
  },
  "/accepted": (response) => response.writeHead(202).end(),
  "/nothing": (response) => response.writeHead(204).end(),
  "/slow": () => undefined,
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    seen.push({ method: request.method ?? "", headers: request.headers, body: Buffer.concat(chunks).toString() });
    (routes[request.url ?? ""] ?? ((r: ServerResponse) => r.writeHead(404).end("no such page")))(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

const fetch = createGuardedFetch({ policy: () => parseAllowedNetworks("127.0.0.1") });

describe("the guarded fetch's answers", () => {
  it("sends the method, headers and text body, and answers status, headers and JSON", async () => {
    seen = [];
    const response = await fetch(`${base}/json`, {
      method: "POST",
      headers: new Headers({ "content-type": "application/json", authorization: "Bearer t" }),
      body: JSON.stringify({ jsonrpc: "2.0", id: 1 }),
    });
    expect(seen).toEqual([
      {
        method: "POST",
        headers: expect.objectContaining({
          "content-type": "application/json",
          authorization: "Bearer t",
          accept: "*/*",
          "user-agent": "node",
        }),
        body: '{"jsonrpc":"2.0","id":1}',
      },
    ]);
    expect([response.ok, response.status, response.statusText]).toEqual([true, 201, "Created"]);
    expect(response.headers.get("mcp-session-id")).toBe("s-1");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("gives a text body without a type the type fetch gives it", async () => {
    seen = [];
    await (await fetch(`${base}/json`, { method: "POST", body: "plain" })).text();
    expect(seen[0]?.headers["content-type"]).toBe("text/plain;charset=UTF-8");
  });

  it("hands over an event stream at once and delivers each event as the server writes it", async () => {
    streaming = null;
    const response = await fetch(`${base}/events`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe("data: first\n\n");
    streaming!.write("data: second\n\n");
    expect((await reader.read()).value).toBe("data: second\n\n");
    streaming!.end();
    expect((await reader.read()).done).toBe(true);
  });

  it("decodes a compressed answer", async () => {
    const response = await fetch(`${base}/gzip`);
    expect(await response.json()).toEqual({ packed: "x".repeat(1000) });
  });

  it("answers an empty 202 and a 204 without a body, and a 404 with its text", async () => {
    const accepted = await fetch(`${base}/accepted`, { method: "POST", body: "{}" });
    expect([accepted.status, await accepted.text()]).toEqual([202, ""]);
    const nothing = await fetch(`${base}/nothing`, { method: "DELETE" });
    expect([nothing.status, nothing.body]).toEqual([204, null]);
    const missing = await fetch(`${base}/missing`);
    expect([missing.ok, missing.status, await missing.text()]).toEqual([false, 404, "no such page"]);
  });

  it("rejects as fetch does: the signal's reason when aborted, `fetch failed` with the cause when unreachable", async () => {
    const controller = new AbortController();
    const pending = fetch(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("the step was cancelled")), 50);
    await expect(pending).rejects.toThrow("the step was cancelled");

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe("fetch failed");
    expect(((error as TypeError).cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
  });

  it("leaves no listener on a signal many requests share once they are answered", async () => {
    // The MCP transport passes one signal to every request of a session: each request's listener must go with it.
    const shared = new AbortController().signal;
    for (let index = 0; index < 30; index += 1) await (await fetch(`${base}/json`, { signal: shared })).text();
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(shared, "abort")).toHaveLength(0);
  });

  it("sends a body request() cannot (a form) through fetch itself", async () => {
    seen = [];
    await (await fetch(`${base}/json`, { method: "POST", body: new URLSearchParams({ a: "1" }) })).text();
    expect(seen[0]).toMatchObject({
      body: "a=1",
      headers: expect.objectContaining({ "content-type": "application/x-www-form-urlencoded;charset=UTF-8" }),
    });
  });
});
