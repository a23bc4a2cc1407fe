import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHrHttpServer, type DemoHrHttpServer } from "../../demo/hr-server";
import { DEMO_HR_TOOLS } from "../../demo/hr-tools";
import { createToolGateway } from "../gateway";
import type { ToolServerConfig } from "../types";

// Our gateway against our demo HR server over Streamable HTTP: the two halves the app joins, including the
// idempotency key that the runner will pass on a retried step.
let server: DemoHrHttpServer;
let config: ToolServerConfig;
const gateway = createToolGateway();

beforeAll(async () => {
  server = await startDemoHrHttpServer({ port: 0 });
  config = { id: "demo-hr", name: "hr", transport: { kind: "http", url: server.url } };
});
afterAll(async () => {
  await gateway.close();
  await server.close();
});

describe("the gateway on the demo HR server", () => {
  it("lists the 25 tools with the catalog's input schemas", async () => {
    const tools = await gateway.listTools(config);
    expect(tools.map((tool) => tool.name).sort()).toEqual(DEMO_HR_TOOLS.map((tool) => tool.name).sort());
    for (const tool of DEMO_HR_TOOLS) {
      const listed = tools.find((candidate) => candidate.name === tool.name)!;
      expect(listed.schemaError).toBeUndefined();
      expect(listed.inputSchema.properties).toEqual(tool.inputSchema.properties);
      expect(listed.inputSchema.required ?? []).toEqual(tool.inputSchema.required ?? []);
    }
  });

  it("calls a tool, and reports an unknown employee as the tool's own error", async () => {
    const found = await gateway.callTool(config, "get_employee", { employee_id: "E1024" });
    expect(found.isError).toBe(false);
    expect(found.text).toContain("E1024");
    const missing = await gateway.callTool(config, "get_employee", { employee_id: "E9999" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/E9999/);
  });

  it("does a side effect once per idempotency key, and again for a new key", async () => {
    const args = { to: "E1024", subject: "Your leave", body: "Booked." };
    const before = server.store.outbox.length;
    const first = await gateway.callTool(config, "send_email_notification", args, { idempotencyKey: "run-1:notify:1" });
    const retried = await gateway.callTool(config, "send_email_notification", args, {
      idempotencyKey: "run-1:notify:1",
    });
    expect(retried.text).toBe(first.text);
    expect(server.store.outbox.length).toBe(before + 1);
    await gateway.callTool(config, "send_email_notification", args, { idempotencyKey: "run-1:notify:2" });
    expect(server.store.outbox.length).toBe(before + 2);
  });

  it("refuses arguments that break the schema before sending them", async () => {
    await expect(gateway.callTool(config, "apply_leave", { employee_id: "E1024" })).rejects.toMatchObject({
      code: "invalid_arguments",
      message: expect.stringMatching(/leave_type/),
    });
  });
});
