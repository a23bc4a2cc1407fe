import { afterEach, describe, expect, it } from "vitest";
import { createToolGateway } from "../gateway";
import type { ToolGateway } from "../types";
import { caught, childProcesses, stdioFixture, waitForExit } from "./helpers";

describe("gateway over stdio: servers that do not come up", () => {
  let gateway: ToolGateway | undefined;
  afterEach(() => gateway?.close());

  it("reports a command that does not exist", async () => {
    gateway = createToolGateway();
    const config = {
      id: "nope",
      name: "Nope",
      transport: { kind: "stdio" as const, command: "/definitely/not/here/mcp-server", args: [] },
    };
    const error = await caught(() => gateway!.listTools(config));
    expect(error).toMatchObject({ code: "server_unavailable", retryable: false });
    expect(error.message).toBe(
      'Server "Nope" could not be started: the command was not found or is not executable (ENOENT).',
    );
  });

  it("backs off before reconnecting to a server that keeps failing", async () => {
    gateway = createToolGateway({ backoff: { initialMs: 400, maxMs: 400 } });
    const config = {
      id: "gone",
      name: "Gone",
      transport: { kind: "stdio" as const, command: "/definitely/not/here/mcp-server", args: [] },
    };
    const first = performance.now();
    await caught(() => gateway!.listTools(config));
    expect(performance.now() - first).toBeLessThan(150);
    const second = performance.now();
    expect(await caught(() => gateway!.listTools(config))).toMatchObject({ code: "server_unavailable" });
    expect(performance.now() - second).toBeGreaterThanOrEqual(190); // equal jitter: at least half of 400 ms
  });

  it("reports a server that exits at start-up with its last stderr line, secrets redacted", async () => {
    gateway = createToolGateway();
    const config = stdioFixture({
      id: "crash",
      mode: "crash-on-start",
      env: { API_TOKEN: "FIXTURE_SECRET_TOKEN_123" },
    });
    const error = await caught(() => gateway!.callTool(config, "echo", { text: "x" }));
    expect(error).toMatchObject({ code: "server_unavailable" });
    expect(error.message).toMatch(
      /exited or closed the connection during the MCP handshake\. Its last output: fatal: \[redacted\] rejected, DATABASE_URL is not set$/,
    );
    expect(JSON.stringify(error.details)).not.toContain("FIXTURE_SECRET_TOKEN_123");
  });

  it("gives up on a server that never answers the handshake, and kills it", async () => {
    gateway = createToolGateway({ connectTimeoutMs: 1_500 });
    const config = stdioFixture({ id: "mute", mode: "never-answer" });
    const started = performance.now();
    const error = await caught(() => gateway!.listTools(config));
    expect(error).toMatchObject({ code: "timeout" });
    expect(error.message).toBe('Server "Fixture" did not complete the MCP handshake within 1500 ms.');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(gateway.status("mute")).toEqual({ connected: false, pid: null });
    await gateway.close();
    expect(childProcesses("stdio-server.ts")).toEqual([]);
  });

  it("bounds a call by the caller's timeout even while connecting", async () => {
    gateway = createToolGateway({ connectTimeoutMs: 5_000 });
    const config = stdioFixture({ id: "mute2", mode: "never-answer" });
    const started = performance.now();
    const error = await caught(() => gateway!.callTool(config, "echo", { text: "x" }, { timeoutMs: 400 }));
    expect(error).toMatchObject({ code: "timeout" });
    expect(error.message).toBe('Tool "echo" on server "Fixture" did not answer within 400 ms.');
    expect(performance.now() - started).toBeLessThan(1_500);
    const closing = performance.now();
    await gateway.close();
    expect(performance.now() - closing).toBeLessThan(1_000);
    expect(childProcesses("stdio-server.ts")).toEqual([]);
  });

  it("refreshes once for a tool added without notification", async () => {
    gateway = createToolGateway();
    const config = stdioFixture({ id: "silent" });
    expect((await gateway.listTools(config)).map((t) => t.name)).not.toContain("gamma");
    await gateway.callTool(config, "toggle", { silent: true });
    expect((await gateway.callTool(config, "gamma", {})).text).toBe("gamma ok");
    const pid = gateway.status("silent")!.pid!;
    await gateway.close();
    await waitForExit(pid);
  });
});
