import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../../..");
const client = new Client({ name: "demo-hr-stdio-test", version: "1.0.0" });

afterAll(async () => {
  await client.close();
});

describe("the demo HR server over stdio", () => {
  it("starts with --stdio, lists 25 tools and files a leave request once per idempotency key", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", "scripts/demo-hr-server.ts", "--stdio"],
      cwd: root,
      stderr: "pipe",
    });
    await client.connect(transport);
    expect((await client.listTools()).tools).toHaveLength(25);
    const args = { employee_id: "E1024", leave_type: "annual", start_date: "2025-08-04", end_date: "2025-08-08" };
    const meta = { "io.routine-studio/idempotency-key": "stdio-1" };
    const first = await client.callTool({ name: "apply_leave", arguments: args, _meta: meta });
    const second = await client.callTool({ name: "apply_leave", arguments: args, _meta: meta });
    expect(first.structuredContent).toMatchObject({ status: "pending", days: 5 });
    expect(second.structuredContent).toEqual(first.structuredContent);
    const balance = await client.callTool({
      name: "get_leave_balance",
      arguments: { employee_id: "E1024", leave_type: "annual" },
    });
    expect((balance.structuredContent as { balances: Array<{ pending_days: number }> }).balances[0].pending_days).toBe(
      5,
    );
  }, 30_000);
});
