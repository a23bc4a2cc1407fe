import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signedIn } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { createToolServer, getToolServer } from "@/lib/db/tools";
import { seedDatabase } from "@/lib/demo/seed";
import { type MutableMcpServer, objectSchema, startMutableMcpServer } from "@/lib/db/testing/mutable-mcp-server";
import { as } from "@/lib/db/testing/review-test-support";
import { idleState } from "@/lib/forms";
import { sharedToolGateway } from "@/lib/tool-gateway";
import { setToolSideEffectsAction } from "../actions";

// An admin's override of whether a tool changes data (issue #29), as the Tools page posts it: only admins, checked
// input, audited; everyone else is refused with nothing written.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

let mcp: MutableMcpServer;
let serverId: string;
const state = async () => ({
  policies: await prisma.toolPolicy.findMany({ select: { toolName: true, sideEffects: true } }),
  audit: await prisma.auditLog.count({ where: { action: { startsWith: "tool.side_effects" } } }),
});
const post = (fields: Record<string, string>) => setToolSideEffectsAction(idleState, formData({ serverId, ...fields }));

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer([
    { name: "lookup", description: "Reads", inputSchema: objectSchema({}), annotations: { readOnlyHint: true } },
  ]);
  await as("admin");
  ({ id: serverId } = await createToolServer(signedIn(), {
    name: "people",
    transport: { kind: "http", url: mcp.url },
  }));
});
afterAll(async () => {
  await sharedToolGateway().close();
  await mcp.close();
});

describe("overriding whether a tool changes data", () => {
  it("refuses every role but admin, and writes nothing", async () => {
    const before = await state();
    for (const role of ["author", "reviewer", "operator"] as const) {
      await as(role);
      expect(await post({ toolName: "lookup", sideEffects: "writes" })).toMatchObject({ status: "error" });
    }
    expect(await state()).toEqual(before);
  });

  it("refuses a value it does not know, and a tool the server does not list, with a message", async () => {
    await as("admin");
    const before = await state();
    expect(await post({ toolName: "lookup", sideEffects: "maybe" })).toMatchObject({
      status: "error",
      message: expect.stringMatching(/malformed/),
    });
    expect(await post({ toolName: "nothing_like_it", sideEffects: "writes" })).toMatchObject({
      status: "error",
      message: 'The server does not list a tool named "nothing_like_it".',
    });
    expect(await state()).toEqual(before);
  });

  it("lets an admin mark a read-only tool as changing data and go back to its annotations, audited each time", async () => {
    await as("admin");
    expect(await post({ toolName: "lookup", sideEffects: "writes" })).toEqual({
      status: "success",
      message: "Saved: it counts as changing data.",
    });
    const tool = async () => (await getToolServer(signedIn(), serverId)).tools.find((one) => one.name === "lookup");
    expect((await tool())?.sideEffects).toEqual({ sideEffects: "writes", basis: "admin", declaresReadOnly: true });
    expect(await post({ toolName: "lookup", sideEffects: "annotations" })).toMatchObject({ status: "success" });
    expect((await tool())?.sideEffects).toEqual({
      sideEffects: "read_only",
      basis: "annotation",
      declaresReadOnly: true,
    });
    const audit = await prisma.auditLog.findMany({
      where: { action: { startsWith: "tool.side_effects" } },
      orderBy: [{ at: "asc" }, { id: "asc" }],
    });
    expect(audit.map((entry) => [entry.action, entry.actorEmail, JSON.parse(entry.detail!).sideEffects])).toEqual([
      ["tool.side_effects_set", "admin@example.com", "writes"],
      ["tool.side_effects_cleared", "admin@example.com", "read_only"],
    ]);
    expect(await prisma.toolPolicy.count()).toBe(0);
  });
});
