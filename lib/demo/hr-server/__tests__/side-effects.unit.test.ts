import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIDE_EFFECTS_PATH, startDemoHrHttpServer, type DemoHrHttpServer } from "../http-server";
import { IDEMPOTENCY_META_KEY } from "../tools";

let server: DemoHrHttpServer;
let client: Client;
const counts = () => fetch(new URL(SIDE_EFFECTS_PATH, server.url)).then((response) => response.json());
const email = (subject: string) => ({ to: "E1024", subject, body: "Hello." });

beforeAll(async () => {
  server = await startDemoHrHttpServer({ port: 0 });
  client = new Client({ name: "side-effects-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe("the demo HR server's side-effect counter", () => {
  it("counts each side effect once per tool and idempotency key, however often the call is repeated", async () => {
    expect(await counts()).toEqual({ sideEffects: [] });
    const send = (key: string | null, subject = "Booked") =>
      client.callTool({
        name: "send_email_notification",
        arguments: email(subject),
        ...(key ? { _meta: { [IDEMPOTENCY_META_KEY]: key } } : {}),
      });
    await send("run-1:step-a");
    await send("run-1:step-a");
    await send("run-1:step-b");
    // Without a key nothing is deduplicated, nor counted; a read-only tool is never a side effect.
    await send(null);
    await client.callTool({
      name: "get_employee",
      arguments: { employee_id: "E1024" },
      _meta: { [IDEMPOTENCY_META_KEY]: "run-1:step-c" },
    });
    // A refused repeat (other arguments under the same key) did not run.
    const refused = await send("run-1:step-a", "Something else");
    expect(refused.isError).toBe(true);

    const { sideEffects } = await counts();
    expect(sideEffects).toEqual(
      expect.arrayContaining([
        { tool: "send_email_notification", idempotencyKey: "run-1:step-a", count: 1 },
        { tool: "send_email_notification", idempotencyKey: "run-1:step-b", count: 1 },
      ]),
    );
    expect(sideEffects).toHaveLength(2);
    expect(server.store.outbox).toHaveLength(3);
  });

  it("is read-only and keeps the DNS-rebinding protection of the MCP endpoint", async () => {
    const post = await fetch(new URL(SIDE_EFFECTS_PATH, server.url), { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    const foreign = await fetch(new URL(SIDE_EFFECTS_PATH, server.url), { headers: { origin: "http://evil.example" } });
    expect(foreign.status).toBe(403);
  });
});
