import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolGateway } from "../gateway";
import type { ToolGateway, ToolServerConfig } from "../types";
import { caught, everythingStdio, httpServer, ROOT } from "./helpers";

// The reference server from @modelcontextprotocol/server-everything (tools echo, get-sum, get-structured-content, …).
const sharedChecks = (gateway: () => ToolGateway, config: () => ToolServerConfig) => {
  it("lists its tools with schemas and annotations", async () => {
    const tools = await gateway().listTools(config());
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-sum", "get-structured-content"]));
    const echo = tools.find((t) => t.name === "echo");
    expect(echo).toMatchObject({
      title: "Echo Tool",
      inputSchema: { type: "object", required: ["message"] },
      annotations: { readOnlyHint: true },
    });
    expect(tools.find((t) => t.name === "get-structured-content")?.outputSchema).toMatchObject({ type: "object" });
    expect(tools.filter((t) => t.schemaError)).toEqual([]);
  });

  it("calls echo and get-sum", async () => {
    expect((await gateway().callTool(config(), "echo", { message: "hi" })).text).toBe("Echo: hi");
    expect((await gateway().callTool(config(), "get-sum", { a: 2, b: 3 })).text).toBe("The sum of 2 and 3 is 5.");
  });

  it("validates structured output and returns it", async () => {
    const result = await gateway().callTool(config(), "get-structured-content", { location: "Chicago" });
    expect(result.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  });

  it("returns a tool error as an isError result", async () => {
    const result = await gateway().callTool(config(), "get-resource-reference", {
      resourceType: "Text",
      resourceId: -1,
    });
    expect(result).toMatchObject({ isError: true });
    expect(result.text).toMatch(/Invalid resourceId/);
  });

  it("rejects invalid arguments before sending", async () => {
    const error = await caught(() => gateway().callTool(config(), "get-sum", { a: 2 }));
    expect(error).toMatchObject({ code: "invalid_arguments" });
    expect(error.message).toMatch(/b: is required/);
    expect(
      await caught(() => gateway().callTool(config(), "get-structured-content", { location: "Berlin" })),
    ).toMatchObject({ code: "invalid_arguments" });
  });

  it("answers ping", async () => {
    expect((await gateway().ping(config())).durationMs).toBeGreaterThanOrEqual(0);
  });
};

describe("server-everything over stdio", () => {
  let gateway: ToolGateway;
  beforeAll(() => {
    gateway = createToolGateway();
  });
  afterAll(() => gateway.close());
  sharedChecks(() => gateway, everythingStdio);
});

describe("server-everything over Streamable HTTP", () => {
  let gateway: ToolGateway;
  let child: ChildProcess;
  let url = "";

  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const entry = path.join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    child = spawn(process.execPath, [entry, "streamableHttp"], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.setEncoding("utf8");
    const listening = new Promise<void>((resolve, reject) => {
      child.stderr!.on("data", (chunk: string) => {
        stderr += chunk;
        if (stderr.includes("listening on port")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`server-everything exited (${code}): ${stderr}`)));
    });
    await listening;
    url = `http://127.0.0.1:${port}/mcp`;
    gateway = createToolGateway();
  });
  afterAll(async () => {
    await gateway?.close();
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });
  sharedChecks(
    () => gateway,
    () => httpServer(url, undefined, "everything-http"),
  );
});
