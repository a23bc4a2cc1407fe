import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/request-context";
import { keyedDigest } from "../../crypto";
import { seedDatabase } from "../../demo/seed";
import { canonicalJson } from "../../tools";
import { sharedToolGateway } from "../../tool-gateway";
import { prisma } from "../core";
import { type MutableMcpServer, objectSchema, startMutableMcpServer } from "../testing/mutable-mcp-server";
import { as } from "../testing/review-test-support";
import { createToolServer, refreshToolServer, setToolSideEffects, tryTool } from "../tools";

// Issue #15, item 5: "try it" calls a tool outside any reviewed routine. Operators may call only tools that declare
// themselves read-only; admins any. The audit keeps a keyed digest of the arguments, never their values.

const tool = (name: string, annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean }) => ({
  name,
  description: name,
  inputSchema: objectSchema({ person_id: { type: "string" } }, ["person_id"]),
  ...(annotations ? { annotations } : {}),
});
const TOOLS = () => [
  tool("lookup", { readOnlyHint: true }),
  tool("delete_person", { readOnlyHint: false, destructiveHint: true }),
  tool("untagged"),
];

let mcp: MutableMcpServer;
let serverId: string;
const tried = () => prisma.auditLog.count({ where: { action: "tool.tried" } });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer(TOOLS());
  await as("admin");
  serverId = (await createToolServer(signedIn(), { name: "people", transport: { kind: "http", url: mcp.url } })).id;
});
afterAll(async () => {
  await sharedToolGateway().close();
  await mcp.close();
});

describe("who may try which tool", () => {
  it("refuses an operator a tool that writes or says nothing, before contacting the server, and audits nothing", async () => {
    await as("operator");
    const requests = mcp.requests;
    const audits = await tried();
    for (const toolName of ["delete_person", "untagged"]) {
      await expect(tryTool(signedIn(), { serverId, toolName, arguments: { person_id: "P-1" } })).rejects.toMatchObject({
        name: "ForbiddenError",
        message: `Operators may try only tools that declare themselves read-only, and "${toolName}" does not. An admin can try it, or a reviewed routine can call it.`,
      });
    }
    expect(mcp.requests).toBe(requests);
    expect(await tried()).toBe(audits);
  });

  it("lets an operator call a read-only tool, and audits a keyed digest of the arguments instead of them", async () => {
    await as("operator");
    const result = await tryTool(signedIn(), {
      serverId,
      toolName: "lookup",
      arguments: { person_id: "P-77-private" },
    });
    expect(JSON.parse(result.text)).toEqual({ tool: "lookup", arguments: { person_id: "P-77-private" } });
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { action: "tool.tried" }, orderBy: { at: "desc" } });
    const detail = JSON.parse(entry.detail!) as { arguments: string[]; argumentsDigest: string };
    expect(detail).toMatchObject({ tool: "lookup", arguments: ["person_id"], isError: false });
    expect(detail.argumentsDigest).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(entry.detail).not.toContain("P-77-private");

    // The digest is the server's keyed digest of the arguments: a report can be matched to the call, and equal
    // arguments give equal digests; the value itself cannot be guessed back without the server's key.
    expect(detail.argumentsDigest).toBe(keyedDigest(canonicalJson({ person_id: "P-77-private" })));
    await tryTool(signedIn(), { serverId, toolName: "lookup", arguments: { person_id: "P-78" } });
    const digests = (await prisma.auditLog.findMany({ where: { action: "tool.tried" } })).map(
      (row) => JSON.parse(row.detail!).argumentsDigest as string,
    );
    expect(digests).toContain(keyedDigest(canonicalJson({ person_id: "P-78" })));
    expect(new Set(digests).size).toBe(2);
  });

  it("lets an admin call any tool", async () => {
    await as("admin");
    const result = await tryTool(signedIn(), { serverId, toolName: "delete_person", arguments: { person_id: "P-1" } });
    expect(result.isError).toBe(false);
  });

  it("refuses an operator a tool the server no longer declares read-only, though the last snapshot did", async () => {
    mcp.tools = [tool("lookup"), ...TOOLS().slice(1)];
    await sharedToolGateway().invalidate(serverId);
    await as("operator");
    const audits = await tried();
    await expect(
      tryTool(signedIn(), { serverId, toolName: "lookup", arguments: { person_id: "P-1" } }),
    ).rejects.toMatchObject({ name: "ForbiddenError" });
    expect(await tried()).toBe(audits);
    // Once refreshed, the snapshot says so too.
    expect(await refreshToolServer(signedIn(), serverId)).toMatchObject({ ok: true, changed: ["lookup"] });
    mcp.tools = TOOLS();
  });

  it("follows an admin's override of the annotations, the rule evaluation runs follow too (issue #29)", async () => {
    await refreshToolServer((await as("admin"), signedIn()), serverId);
    await setToolSideEffects(signedIn(), { serverId, toolName: "untagged", sideEffects: "read_only" });
    await setToolSideEffects(signedIn(), { serverId, toolName: "lookup", sideEffects: "writes" });
    await as("operator");
    const requests = mcp.requests;
    await expect(
      tryTool(signedIn(), { serverId, toolName: "lookup", arguments: { person_id: "P-1" } }),
    ).rejects.toMatchObject({
      name: "ForbiddenError",
      message: expect.stringMatching(/an admin marked "lookup" as changing data/),
    });
    expect(mcp.requests).toBe(requests);
    const result = await tryTool(signedIn(), { serverId, toolName: "untagged", arguments: { person_id: "P-2" } });
    expect(result.isError).toBe(false);
    await as("admin");
    await setToolSideEffects(signedIn(), { serverId, toolName: "untagged", sideEffects: null });
    await setToolSideEffects(signedIn(), { serverId, toolName: "lookup", sideEffects: null });
  });
});
