import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_HR_TOOLS } from "../../hr-tools";
import { startDemoHrHttpServer, type DemoHrHttpServer } from "../http-server";
import { IDEMPOTENCY_META_KEY, IDEMPOTENT_REPLAY_META_KEY } from "../tools";

let server: DemoHrHttpServer;
const clients: Client[] = [];

async function connect(): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: "demo-hr-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(server.url));
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

/** The text of a result's first content item (the JSON the HR tools answer with). */
const textOf = (result: object) => (result as { content: Array<{ text: string }> }).content[0].text;

beforeAll(async () => {
  server = await startDemoHrHttpServer({ port: 0 });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await server.close();
});

describe("the demo HR server over Streamable HTTP", () => {
  it("lists the 25 catalog tools with exactly their input schemas", async () => {
    const { client } = await connect();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(client.getServerVersion()?.name).toBe("routine-studio-demo-hr");
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(25);
    expect(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))).toEqual(
      DEMO_HR_TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
    );
    expect(tools.find((tool) => tool.name === "cancel_leave")?.annotations).toMatchObject({
      destructiveHint: true,
      readOnlyHint: false,
    });
  });

  it("answers a call with JSON text, and with structured content where an output schema is declared", async () => {
    const { client } = await connect();
    const result = await client.callTool({ name: "get_employee", arguments: { employee_id: "E1024" } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result))).toMatchObject({ employee_id: "E1024", department: { department_id: "D-ENG" } });
    expect(result.structuredContent).toEqual(JSON.parse(textOf(result)));
    const chart = await client.callTool({ name: "get_org_chart", arguments: { department_id: "D-EXEC", depth: 5 } });
    expect(textOf(chart).length).toBeGreaterThan(20_000);
  });

  it("reports bad input as a tool error result and an unknown tool as a protocol error", async () => {
    const { client } = await connect();
    const unknownEmployee = await client.callTool({ name: "get_employee", arguments: { employee_id: "E9999" } });
    expect(unknownEmployee.isError).toBe(true);
    expect(textOf(unknownEmployee)).toMatch(/Unknown employee ID "E9999"/);
    const badArguments = await client.callTool({
      name: "get_org_chart",
      arguments: { department_id: "D-ENG", depth: "deep" },
    });
    expect(badArguments.isError).toBe(true);
    expect(textOf(badArguments)).toMatch(/argument "depth" must be integer/);
    await expect(client.callTool({ name: "test_error_handling", arguments: {} })).rejects.toThrow(
      /Unknown tool: test_error_handling/,
    );
  });

  it("keeps state and idempotency keys across sessions: a retried call after reconnecting files nothing new", async () => {
    const args = { to: "E1024", subject: "Reminder", body: "Submit your timesheet." };
    const first = await (
      await connect()
    ).client.callTool({
      name: "send_email_notification",
      arguments: args,
      _meta: { [IDEMPOTENCY_META_KEY]: "retry-1" },
    });
    const again = await (
      await connect()
    ).client.callTool({
      name: "send_email_notification",
      arguments: args,
      _meta: { [IDEMPOTENCY_META_KEY]: "retry-1" },
    });
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again._meta?.[IDEMPOTENT_REPLAY_META_KEY]).toBe(true);
    expect(server.store.outbox.filter((message) => message.subject === "Reminder")).toHaveLength(1);
  });

  it("ends a session on DELETE; the session ID is then unknown", async () => {
    const { transport } = await connect();
    const sessionId = transport.sessionId!;
    await transport.terminateSession();
    const response = await fetch(server.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": sessionId,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(404);
  });

  it("refuses foreign Host and Origin headers (DNS rebinding) and answers 404 off the /mcp path", async () => {
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const post = (extra: Record<string, string>) => rawPost(server.port, { ...headers, ...extra }, initialize);
    expect((await post({ host: "evil.example.com" })).status).toBe(403);
    expect((await post({ host: `127.0.0.1:${server.port}`, origin: "http://evil.example.com" })).status).toBe(403);
    expect((await post({ host: `localhost:${server.port + 1}` })).status).toBe(403);
    expect((await post({ host: `localhost:${server.port}`, origin: `http://localhost:${server.port}` })).status).toBe(
      200,
    );
    expect((await fetch(server.url.replace("/mcp", "/other"))).status).toBe(404);
  });
});

/** fetch() may not override Host, so the rebinding checks use node:http directly. */
async function rawPost(port: number, headers: Record<string, string>, body: string): Promise<{ status: number }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on("error", reject);
    req.end(body);
  });
}
