import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolGateway } from "../gateway";
import type { ToolGateway } from "../types";
import { caught, childProcesses, stdioFixture, waitForExit } from "./helpers";

// One gateway and one fixture child for the file: also proves the connection is reused across calls.
describe("gateway over stdio (fixture server)", () => {
  const config = stdioFixture();
  const changed: string[] = [];
  let gateway: ToolGateway;
  let notified: () => void = () => undefined;

  beforeAll(() => {
    gateway = createToolGateway({
      backoff: { initialMs: 20, maxMs: 100 },
      onToolListChanged: (id) => {
        changed.push(id);
        notified();
      },
    });
  });
  afterAll(() => gateway.close());

  const stats = async () =>
    JSON.parse((await gateway.callTool(config, "stats", {})).text) as { calls: number; cancelled: number };

  it("lists tools with schemas and marks the broken one", async () => {
    const tools = await gateway.listTools(config);
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["echo", "slow", "big", "weather", "broken_schema"]),
    );
    expect(tools.find((t) => t.name === "echo")).toMatchObject({
      server: "Fixture",
      inputSchema: { required: ["text"] },
    });
    expect(tools.find((t) => t.name === "weather")?.outputSchema).toMatchObject({ required: ["celsius"] });
    expect(tools.find((t) => t.name === "broken_schema")?.schemaError).toMatch(/not valid JSON Schema/);
    expect(tools.filter((t) => t.schemaError)).toHaveLength(1);
  });

  it("calls a tool, reusing the same child", async () => {
    const pid = gateway.status(config.id)?.pid;
    const result = await gateway.callTool(config, "echo", { text: "hello" });
    expect(result).toMatchObject({ text: "hello", isError: false, content: [{ type: "text", text: "hello" }] });
    expect(result.bytes).toBeGreaterThan(0);
    expect(gateway.status(config.id)).toEqual({ connected: true, pid });
  });

  it("returns a tool-level error as a result with isError", async () => {
    const result = await gateway.callTool(config, "fail", {});
    expect(result).toMatchObject({ isError: true, text: "Employee 42 not found" });
  });

  it("rejects invalid arguments before sending anything", async () => {
    const before = await stats();
    const error = await caught(() => gateway.callTool(config, "echo", { text: 5 }));
    expect(error).toMatchObject({ code: "invalid_arguments", details: [{ path: "text", message: "must be string" }] });
    expect((await stats()).calls).toBe(before.calls + 1);
  });

  it("refuses to call a tool whose schema is broken", async () => {
    expect(await caught(() => gateway.callTool(config, "broken_schema", { x: 1 }))).toMatchObject({
      code: "invalid_schema",
    });
  });

  it("passes the idempotency key in _meta", async () => {
    const result = await gateway.callTool(config, "meta", {}, { idempotencyKey: "run1:step3:1" });
    expect(JSON.parse(result.text)).toEqual({ "io.routine-studio/idempotency-key": "run1:step3:1" });
  });

  it("checks structured content against the output schema", async () => {
    expect((await gateway.callTool(config, "weather", { city: "Paris" })).structuredContent).toEqual({ celsius: 12 });
    const error = await caught(() => gateway.callTool(config, "weather", { city: "Oslo" }));
    expect(error).toMatchObject({ code: "protocol_error" });
    expect(error.message).toMatch(/celsius: must be number/);
  });

  it("times out within the timeout, not after, and tells the server to stop", async () => {
    const started = performance.now();
    const error = await caught(() => gateway.callTool(config, "slow", { ms: 10_000 }, { timeoutMs: 300 }));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ code: "timeout", retryable: true });
    expect(error.message).toBe('Tool "slow" on server "Fixture" did not answer within 300 ms.');
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_000);
  });

  it("cancels on abort and sends the MCP cancellation", async () => {
    const before = await stats();
    const controller = new AbortController();
    const pending = gateway.callTool(config, "slow", { ms: 10_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await caught(() => pending)).toMatchObject({ code: "cancelled", retryable: false });
    expect((await stats()).cancelled).toBe(before.cancelled + 1);
  });

  // 3 MB, three times the default limit: the SDK's stdio reader joins a long line chunk by chunk (quadratic), so a
  // 10 MB result spent seconds on a loaded machine proving nothing more.
  it("drops a result over the limit with output_too_large and keeps working", async () => {
    const error = await caught(() => gateway.callTool(config, "big", { bytes: 3 * 1024 * 1024 }));
    expect(error).toMatchObject({ code: "output_too_large", details: { limit: 1024 * 1024 } });
    expect(error.message).toMatch(/returned 3\.0 MB, over the 1\.0 MB limit/);
    expect(
      (await gateway.callTool(config, "big", { bytes: 3 * 1024 * 1024 }, { maxOutputBytes: 4 * 1024 * 1024 })).bytes,
    ).toBeGreaterThan(3 * 1024 * 1024);
    expect((await gateway.callTool(config, "echo", { text: "still here" })).text).toBe("still here");
  });

  it("refreshes the list on list_changed; a removed tool becomes unknown_tool", async () => {
    expect((await gateway.listTools(config)).map((t) => t.name)).toContain("beta");
    const notification = new Promise<void>((resolve) => (notified = resolve));
    await gateway.callTool(config, "toggle", {});
    await notification;
    expect(changed).toContain(config.id);
    const names = (await gateway.listTools(config)).map((t) => t.name);
    expect(names).toContain("gamma");
    expect(names).not.toContain("beta");
    const error = await caught(() => gateway.callTool(config, "beta", {}));
    expect(error).toMatchObject({ code: "unknown_tool" });
    expect(error.message).toMatch(/^Tool "beta" on server "Fixture" is not offered by the server \(it offers: echo, /);
  });

  it("kills the child mid-call: connection_lost at once, then the next call restarts it", async () => {
    const pid = gateway.status(config.id)?.pid;
    expect(pid).toBeTypeOf("number");
    const pending = gateway.callTool(config, "slow", { ms: 20_000 });
    await gateway.callTool(config, "echo", { text: "in flight" }); // the slow call is now on the wire
    const killedAt = performance.now();
    process.kill(pid!, "SIGKILL");
    const error = await caught(() => pending);
    expect(error).toMatchObject({ code: "connection_lost", retryable: true });
    expect(performance.now() - killedAt).toBeLessThan(2_000);

    const result = await gateway.callTool(config, "echo", { text: "back" });
    expect(result.text).toBe("back");
    const restarted = gateway.status(config.id)?.pid;
    expect(restarted).not.toBe(pid);
    await waitForExit(pid!);
  });

  it("reconnects when the config changes, and leaves no child behind on close", async () => {
    const first = gateway.status(config.id)!.pid!;
    const changedConfig = stdioFixture({ env: { SOME_SETTING: "2" } });
    await gateway.callTool(changedConfig, "echo", { text: "new config" });
    const second = gateway.status(config.id)!.pid!;
    expect(second).not.toBe(first);
    await waitForExit(first);
    expect(childProcesses("stdio-server.ts")).toHaveLength(1);
    await gateway.close();
    await waitForExit(second);
    expect(childProcesses("stdio-server.ts")).toEqual([]);
  });
});
