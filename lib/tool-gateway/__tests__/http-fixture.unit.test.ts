import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createToolGateway } from "../gateway";
import type { ToolGateway } from "../types";
import { startFixtureHttpServer, type FixtureHttpServer } from "./fixtures/http-server";
import { caught, httpServer } from "./helpers";

/** A port that nothing listens on: bound, read, released. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("gateway over Streamable HTTP (fixture server)", () => {
  let server: FixtureHttpServer;
  let gateway: ToolGateway;
  let notified: () => void = () => undefined;

  beforeAll(async () => {
    server = await startFixtureHttpServer({ bearerToken: "tok-123-secret" });
    gateway = createToolGateway({ backoff: { initialMs: 10, maxMs: 50 }, onToolListChanged: () => notified() });
  });
  afterAll(async () => {
    await gateway.close();
    await server.close();
  });

  it("sends the bearer token, lists and calls", async () => {
    const config = httpServer(server.url, "tok-123-secret");
    expect((await gateway.listTools(config)).map((t) => t.name)).toContain("echo");
    expect((await gateway.callTool(config, "echo", { text: "over http" })).text).toBe("over http");
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(new Set(server.authorizations)).toEqual(new Set(["Bearer tok-123-secret"]));
  });

  it("reports a rejected token clearly, without echoing it", async () => {
    const error = await caught(() => gateway.listTools(httpServer(server.url, "wrong-token-value", "bad-token")));
    expect(error).toMatchObject({ code: "server_unavailable", retryable: false, details: { httpStatus: 401 } });
    expect(error.message).toBe('Server "Remote" refused the credentials (HTTP 401): check the bearer token.');
    expect(error.message).not.toContain("wrong-token-value");
  });

  it("times out and cancels over HTTP too", async () => {
    const config = httpServer(server.url, "tok-123-secret");
    expect(await caught(() => gateway.callTool(config, "slow", { ms: 10_000 }, { timeoutMs: 250 }))).toMatchObject({
      code: "timeout",
    });
    const controller = new AbortController();
    const pending = gateway.callTool(config, "slow", { ms: 10_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await caught(() => pending)).toMatchObject({ code: "cancelled" });
    const stats = JSON.parse((await gateway.callTool(config, "stats", {})).text) as { cancelled: number };
    expect(stats.cancelled).toBe(2);
  });

  it("follows list_changed sent on the standalone SSE stream", async () => {
    const config = httpServer(server.url, "tok-123-secret");
    expect((await gateway.listTools(config)).map((t) => t.name)).toContain("beta");
    const notification = new Promise<void>((resolve) => (notified = resolve));
    await gateway.callTool(config, "toggle", {});
    await notification;
    expect((await gateway.listTools(config)).map((t) => t.name)).toContain("gamma");
    expect(await caught(() => gateway.callTool(config, "beta", {}))).toMatchObject({ code: "unknown_tool" });
  });

  it("reports a server with nothing listening", async () => {
    const port = await freePort();
    const error = await caught(() =>
      gateway.ping(httpServer(`http://127.0.0.1:${port}/mcp?key=abc-secret`, undefined, "down")),
    );
    expect(error).toMatchObject({ code: "server_unavailable", retryable: true });
    expect(error.message).toMatch(/^Server "Remote" is not reachable \(ECONNREFUSED\)\.$/);
  });
});

describe("gateway over Streamable HTTP: a server that restarts", () => {
  let gateway: ToolGateway | undefined;
  afterEach(() => gateway?.close());

  it("starts a new session after the old one is gone", async () => {
    gateway = createToolGateway({ backoff: { initialMs: 10, maxMs: 50 } });
    const first = await startFixtureHttpServer();
    const config = httpServer(first.url);
    expect((await gateway.callTool(config, "echo", { text: "one" })).text).toBe("one");
    await first.close();

    const error = await caught(() => gateway!.callTool(config, "echo", { text: "two" }));
    expect(error).toMatchObject({ code: "server_unavailable", retryable: true });
    expect(gateway.status(config.id)?.connected).toBe(false);

    // Same URL, fresh process state: the old session id means nothing to it.
    const port = Number(new URL(first.url).port);
    const second = await startFixtureHttpServer({ port });
    try {
      expect((await gateway.callTool(config, "echo", { text: "three" })).text).toBe("three");
    } finally {
      await second.close();
    }
  });

  it("resends once, transparently, when the server no longer knows the session", async () => {
    gateway = createToolGateway();
    const server = await startFixtureHttpServer();
    try {
      const config = httpServer(server.url);
      expect((await gateway.callTool(config, "echo", { text: "one" })).text).toBe("one");
      await server.forgetSessions();
      const before = server.authorizations.length;
      expect((await gateway.callTool(config, "echo", { text: "two" })).text).toBe("two");
      // The refused call (404), a fresh initialize + initialized, then the call again.
      expect(server.authorizations.length - before).toBeGreaterThanOrEqual(4);
    } finally {
      await server.close();
    }
  });
});
