import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/request-context";
import { seedDatabase } from "../../demo/seed";
import { sharedToolGateway } from "../../tool-gateway";
import { prisma } from "../core";
import { type MutableMcpServer, objectSchema, startMutableMcpServer } from "../testing/mutable-mcp-server";
import { startRecordingServer, type RecordingServer } from "../testing/recording-server";
import { as } from "../testing/review-test-support";
import { createToolServer, getToolServer, listToolServers, toGatewayConfig, updateToolServer } from "../tools";

// Issue #15, item 6: a server's stored secrets follow its destination. Changing the URL must not send the stored
// token (or the URL's credentials) to the new address; credentials written into a URL are sealed, never shown.

const TOKEN = "tok-follow-me-123456";
const QUERY_SECRET = "Q-SECRET-77";

let mcp: MutableMcpServer;
let recorder: RecordingServer;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer([{ name: "lookup", description: "Look up", inputSchema: objectSchema({}) }]);
  recorder = await startRecordingServer("/mcp");
});
beforeEach(() => as("admin"));
afterAll(async () => {
  await sharedToolGateway().close();
  await mcp.close();
  await recorder.close();
});

const summaryOf = async (id: string) => (await listToolServers(signedIn())).find((server) => server.id === id)!;

describe("credentials written into a URL", () => {
  it("are sealed with the token: the row, the summary and the server page show the address only", async () => {
    const { id, refresh } = await createToolServer(signedIn(), {
      name: "people",
      transport: { kind: "http", url: `${mcp.url}?api_key=${QUERY_SECRET}`, bearerToken: TOKEN },
    });
    expect(refresh).toMatchObject({ ok: true, toolCount: 1 });
    const row = await prisma.toolServer.findUniqueOrThrow({ where: { id } });
    expect(row.url).toBe(mcp.url);
    expect(JSON.stringify(row)).not.toMatch(new RegExp(`${QUERY_SECRET}|${TOKEN}`));
    expect(await summaryOf(id)).toMatchObject({ url: mcp.url, hasToken: true, hasUrlCredentials: true });
    expect(JSON.stringify(await getToolServer(signedIn(), id))).not.toMatch(new RegExp(`${QUERY_SECRET}|${TOKEN}`));
    // The gateway, and only the gateway, gets them back.
    expect(toGatewayConfig(row).transport).toEqual({
      kind: "http",
      url: `${mcp.url}?api_key=${QUERY_SECRET}`,
      bearerToken: TOKEN,
    });
  });

  it("hides user:password@ too, and what an older row kept in the clear", async () => {
    const { id } = await createToolServer(signedIn(), {
      name: "userinfo",
      transport: { kind: "http", url: "http://svc:pw-SECRET-9@127.0.0.1:9/mcp" },
    });
    expect((await prisma.toolServer.findUniqueOrThrow({ where: { id } })).url).toBe("http://127.0.0.1:9/mcp");
    expect(JSON.stringify(await summaryOf(id))).not.toContain("pw-SECRET-9");

    const legacy = await prisma.toolServer.create({
      data: {
        id: "legacy-url",
        name: "legacy-url",
        transport: "http",
        url: `http://127.0.0.1:9/mcp?key=${QUERY_SECRET}`,
      },
    });
    expect(await summaryOf(legacy.id)).toMatchObject({ url: "http://127.0.0.1:9/mcp", hasUrlCredentials: true });
    expect(toGatewayConfig(legacy).transport).toMatchObject({ url: `http://127.0.0.1:9/mcp?key=${QUERY_SECRET}` });
  });
});

describe("a changed URL", () => {
  it("keeps the stored secrets while the address stays, whatever else changes", async () => {
    const people = (await listToolServers(signedIn())).find((server) => server.name === "people")!;
    const { dropped } = await updateToolServer(signedIn(), people.id, {
      name: "people",
      description: "Renamed only",
      transport: { kind: "http", url: mcp.url },
    });
    expect(dropped).toEqual([]);
    const row = await prisma.toolServer.findUniqueOrThrow({ where: { id: people.id } });
    expect(toGatewayConfig(row).transport).toMatchObject({
      url: `${mcp.url}?api_key=${QUERY_SECRET}`,
      bearerToken: TOKEN,
    });
  });

  it("drops the stored token and URL credentials, so the new address never receives them", async () => {
    const people = (await listToolServers(signedIn())).find((server) => server.name === "people")!;
    const { dropped, refresh } = await updateToolServer(signedIn(), people.id, {
      name: "people",
      transport: { kind: "http", url: recorder.url },
    });
    expect(refresh.ok).toBe(false);
    expect(recorder.seen.length).toBeGreaterThan(0);
    for (const request of recorder.seen) {
      expect(request.authorization).not.toContain(TOKEN);
      expect(request.url).not.toContain(QUERY_SECRET);
    }
    expect(dropped).toEqual(["token", "urlCredentials"]);
    const row = await prisma.toolServer.findUniqueOrThrow({ where: { id: people.id } });
    expect(row.tokenEncrypted).toBeNull();
    expect(await summaryOf(people.id)).toMatchObject({ hasToken: false, hasUrlCredentials: false });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "tool_server.updated", targetId: people.id },
      orderBy: { at: "desc" },
    });
    expect(JSON.parse(audit.detail!)).toMatchObject({ secretsDropped: ["token", "urlCredentials"] });
  });

  it("takes new secrets given with the new address, and an explicit removal of the URL's credentials", async () => {
    const people = (await listToolServers(signedIn())).find((server) => server.name === "people")!;
    const moved = await updateToolServer(signedIn(), people.id, {
      name: "people",
      transport: { kind: "http", url: `${mcp.url}?api_key=NEW-KEY`, bearerToken: "tok-new-0000000" },
    });
    expect(moved).toMatchObject({ dropped: [], refresh: { ok: true } });
    let row = await prisma.toolServer.findUniqueOrThrow({ where: { id: people.id } });
    expect(toGatewayConfig(row).transport).toMatchObject({
      url: `${mcp.url}?api_key=NEW-KEY`,
      bearerToken: "tok-new-0000000",
    });

    await updateToolServer(signedIn(), people.id, {
      name: "people",
      transport: { kind: "http", url: mcp.url, clearUrlCredentials: true },
    });
    row = await prisma.toolServer.findUniqueOrThrow({ where: { id: people.id } });
    expect(toGatewayConfig(row).transport).toEqual({ kind: "http", url: mcp.url, bearerToken: "tok-new-0000000" });
  });
});
