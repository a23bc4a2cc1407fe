import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { type MutableMcpServer, objectSchema, startMutableMcpServer } from "@/lib/db/testing/mutable-mcp-server";
import { as } from "@/lib/db/testing/review-test-support";
import { idleState } from "@/lib/forms";
import { sharedToolGateway } from "@/lib/tool-gateway";
import { createToolServerAction, tryToolAction, updateToolServerAction } from "../actions";

// The Tools page's forms as the browser posts them, for issue #15 items 1, 5 and 6: each refusal comes back beside the
// field to fix (or as the form's message), and nothing is stored or called.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

let mcp: MutableMcpServer;
const counts = async () => ({ servers: await prisma.toolServer.count(), audit: await prisma.auditLog.count() });
const stdioForm = (name: string, command: string, args: string, env = "") =>
  formData({ name, description: "", transport: "stdio", command, args, env });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer([
    {
      name: "remove_person",
      description: "Removes",
      inputSchema: objectSchema({}),
      annotations: { readOnlyHint: false },
    },
  ]);
});
afterAll(async () => {
  await sharedToolGateway().close();
  await mcp.close();
});

describe("the server form", () => {
  it("refuses NODE_OPTIONS beside the environment and `server-filesystem .` beside the arguments", async () => {
    await as("admin");
    const before = await counts();
    const env = await createToolServerAction(
      idleState,
      stdioForm("everything", "npx", "@modelcontextprotocol/server-everything", "NODE_OPTIONS=--import=data:,x"),
    );
    expect(env).toMatchObject({
      status: "error",
      fieldErrors: { env: [expect.stringMatching(/^NODE_OPTIONS is never passed to a tool server/)] },
    });
    const root = await createToolServerAction(
      idleState,
      stdioForm("files", "npx", "@modelcontextprotocol/server-filesystem ."),
    );
    expect(root).toMatchObject({
      status: "error",
      fieldErrors: { args: [expect.stringMatching(/^"\." is not an absolute path/)] },
    });
    expect(await counts()).toEqual(before);
  });

  it("says so when an edit to another address dropped the stored token", async () => {
    await as("admin");
    await createToolServerAction(
      idleState,
      formData({ name: "remote", description: "", transport: "http", url: mcp.url, bearerToken: "tok-0123456789" }),
    );
    const { id } = await prisma.toolServer.findUniqueOrThrow({ where: { name: "remote" } });
    const state = await updateToolServerAction(
      idleState,
      formData({ serverId: id, name: "remote", description: "", transport: "http", url: `${mcp.url}/moved` }),
    );
    expect(state).toMatchObject({
      status: "success",
      message: expect.stringMatching(
        /^Server saved\. Its address changed, so its stored bearer token was removed; enter it again if the new one needs it\./,
      ),
    });
  });
});

describe("try it", () => {
  it("refuses an operator a tool that does not declare itself read-only, calling nothing", async () => {
    await as("admin");
    const { id } = await prisma.toolServer.findUniqueOrThrow({ where: { name: "remote" } });
    await updateToolServerAction(
      idleState,
      formData({ serverId: id, name: "remote", description: "", transport: "http", url: mcp.url }),
    );
    await as("operator");
    const requests = mcp.requests;
    const before = await counts();
    const state = await tryToolAction(
      idleState,
      formData({ serverId: id, toolName: "remove_person", arguments: "{}" }),
    );
    expect(state).toEqual({
      status: "error",
      message:
        'You are not allowed to do that: Operators may try only tools that declare themselves read-only, and "remove_person" does not. An admin can try it, or a reviewed routine can call it.',
    });
    expect(mcp.requests).toBe(requests);
    expect(await counts()).toEqual(before);
  });
});
