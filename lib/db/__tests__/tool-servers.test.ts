import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, signInAs, signOutAll } from "../../../test/request-context";
import { ToolGatewayError } from "../../tool-gateway";
import { ConflictError, prisma } from "../core";
import { DEMO_USERS, seedDatabase } from "../../demo/seed";
import {
  createToolServer,
  getToolServer,
  listToolServers,
  readCatalogTools,
  refreshToolServer,
  removeToolServer,
  setToolServerEnabled,
  tryTool,
  updateToolServer,
} from "../tools";
import { type MutableMcpServer, objectSchema, startMutableMcpServer } from "../testing/mutable-mcp-server";

const as = async (role: "author" | "reviewer" | "operator" | "admin") => {
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(role))!;
  await signInAs(user.email, user.password);
};

let mcp: MutableMcpServer;
const lookup = () => ({
  name: "lookup",
  description: "Look up a person",
  inputSchema: objectSchema({ person_id: { type: "string" } }, ["person_id"]),
  // Operators may try only tools that declare themselves read-only (tool-servers-try.test.ts).
  annotations: { readOnlyHint: true },
});

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer([
    lookup(),
    { name: "ping_me", description: "Ping", inputSchema: objectSchema({}) },
  ]);
});
afterAll(async () => {
  await mcp.close();
  const { sharedToolGateway } = await import("../../tool-gateway");
  await sharedToolGateway().close();
});

const tableCounts = async () => ({
  servers: await prisma.toolServer.count(),
  snapshots: await prisma.toolSnapshot.count(),
  audit: await prisma.auditLog.count(),
});

describe("registering tool servers", () => {
  it("an admin adds an HTTP server: its tools are listed and snapshotted, its token stored encrypted and never returned", async () => {
    await as("admin");
    const { id, refresh } = await createToolServer(signedIn(), {
      name: "people",
      description: "People API",
      transport: { kind: "http", url: mcp.url, bearerToken: "tok-123-secret" },
    });
    expect(refresh).toEqual({ ok: true, toolCount: 2, added: ["lookup", "ping_me"], changed: [], removed: [] });

    const row = await prisma.toolServer.findUniqueOrThrow({ where: { id } });
    expect(row.tokenEncrypted).not.toContain("tok-123-secret");
    const [summary] = (await listToolServers(signedIn())).filter((server) => server.id === id);
    expect(summary).toMatchObject({
      name: "people",
      status: "connected",
      toolCount: 2,
      hasToken: true,
      lastError: null,
    });
    expect(JSON.stringify(summary)).not.toContain("tok-123");

    const { tools } = await getToolServer(signedIn(), id);
    expect(tools.map((tool) => tool.name)).toEqual(["lookup", "ping_me"]);
    expect(tools[0]).toMatchObject({ hash: expect.stringMatching(/^sha256:/), changedAt: null, removedAt: null });
    expect(await prisma.auditLog.findFirst({ where: { action: "tool_server.created", targetId: id } })).not.toBeNull();
  });

  it("refuses a stdio command off the allowlist, a non-http URL and a taken name, saving nothing", async () => {
    await as("admin");
    const before = await tableCounts();
    await expect(
      createToolServer(signedIn(), {
        name: "shell",
        transport: { kind: "stdio", command: "bash", args: ["-c", "echo hi"] },
      }),
    ).rejects.toMatchObject({
      name: "ValidationError",
      fieldErrors: { command: [expect.stringMatching(/not on the allowlist/)] },
    });
    await expect(
      createToolServer(signedIn(), { name: "files", transport: { kind: "http", url: "file:///etc/passwd" } }),
    ).rejects.toMatchObject({
      name: "ValidationError",
      fieldErrors: { url: ["Only http:// and https:// URLs are supported."] },
    });
    await expect(
      createToolServer(signedIn(), { name: "people", transport: { kind: "http", url: mcp.url } }),
    ).rejects.toMatchObject({ name: "ConflictError", field: "name" });
    expect(await tableCounts()).toEqual(before);
  });

  it("saves a server that cannot be reached, marked with the error, and keeps its snapshots empty", async () => {
    await as("admin");
    const { id, refresh } = await createToolServer(signedIn(), {
      name: "offline",
      transport: { kind: "http", url: "http://127.0.0.1:9/mcp" },
    });
    expect(refresh.ok).toBe(false);
    const summary = (await listToolServers(signedIn())).find((server) => server.id === id)!;
    expect(summary.status).toBe("error");
    expect(summary.lastError).toMatch(/offline/);
    expect(await prisma.toolSnapshot.count({ where: { serverId: id } })).toBe(0);
    await removeToolServer(signedIn(), id);
  });

  it("only admins add, edit, enable or remove servers; operators may refresh; nothing is written on refusal", async () => {
    await as("admin");
    const people = (await listToolServers(signedIn())).find((server) => server.name === "people")!;
    for (const role of ["author", "reviewer", "operator"] as const) {
      await as(role);
      const before = await tableCounts();
      await expect(
        createToolServer(signedIn(), { name: `by-${role}`, transport: { kind: "http", url: mcp.url } }),
      ).rejects.toMatchObject({ name: "ForbiddenError" });
      await expect(
        updateToolServer(signedIn(), people.id, { name: "renamed", transport: { kind: "http", url: mcp.url } }),
      ).rejects.toMatchObject({ name: "ForbiddenError" });
      await expect(setToolServerEnabled(signedIn(), people.id, false)).rejects.toMatchObject({
        name: "ForbiddenError",
      });
      await expect(removeToolServer(signedIn(), people.id)).rejects.toMatchObject({ name: "ForbiddenError" });
      expect(await tableCounts()).toEqual(before);
    }
    await as("author");
    await expect(refreshToolServer(signedIn(), people.id)).rejects.toMatchObject({ name: "ForbiddenError" });
    await as("operator");
    expect(await refreshToolServer(signedIn(), people.id)).toMatchObject({ ok: true, toolCount: 2 });
    signOutAll();
    await expect(listToolServers(signedIn())).rejects.toMatchObject({ name: "UnauthenticatedError" });
  });
});

describe("schema changes between refreshes", () => {
  it("records a changed schema as a new snapshot, a vanished tool as removed, and a returning one as current again", async () => {
    await as("admin");
    const people = (await listToolServers(signedIn())).find((server) => server.name === "people")!;
    const before = (await getToolServer(signedIn(), people.id)).tools.find((tool) => tool.name === "lookup")!;

    mcp.tools = [
      {
        ...lookup(),
        inputSchema: objectSchema({ person_id: { type: "string" }, year: { type: "integer" } }, ["person_id", "year"]),
      },
    ];
    expect(await refreshToolServer(signedIn(), people.id)).toEqual({
      ok: true,
      toolCount: 1,
      added: [],
      changed: ["lookup"],
      removed: ["ping_me"],
    });
    const after = await getToolServer(signedIn(), people.id);
    const changed = after.tools.find((tool) => tool.name === "lookup")!;
    expect(changed.hash).not.toBe(before.hash);
    expect(changed.changedAt).not.toBeNull();
    expect(after.tools.find((tool) => tool.name === "ping_me")?.removedAt).not.toBeNull();
    expect((await readCatalogTools()).filter((tool) => tool.server === "people").map((tool) => tool.name)).toEqual([
      "lookup",
    ]);

    mcp.tools = [lookup(), { name: "ping_me", description: "Ping", inputSchema: objectSchema({}) }];
    expect(await refreshToolServer(signedIn(), people.id)).toMatchObject({
      ok: true,
      changed: ["lookup"],
      added: [],
      removed: [],
    });
    expect((await getToolServer(signedIn(), people.id)).tools.find((tool) => tool.name === "lookup")!.hash).toBe(
      before.hash,
    );
    expect(await prisma.toolSnapshot.count({ where: { serverId: people.id, toolName: "lookup" } })).toBe(2);
  });
});

describe("trying a tool", () => {
  it("calls the tool for admins and operators, audits which arguments were used but not their values", async () => {
    await as("operator");
    const people = (await listToolServers(signedIn())).find((server) => server.name === "people")!;
    const result = await tryTool(signedIn(), {
      serverId: people.id,
      toolName: "lookup",
      arguments: { person_id: "P-77-private" },
    });
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.text)).toEqual({ tool: "lookup", arguments: { person_id: "P-77-private" } });
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { action: "tool.tried" }, orderBy: { at: "desc" } });
    expect(entry.detail).toContain("person_id");
    expect(entry.detail).not.toContain("P-77-private");
  });

  it("rejects arguments that do not fit the schema before sending, and refuses authors and disabled servers", async () => {
    await as("admin");
    const people = (await listToolServers(signedIn())).find((server) => server.name === "people")!;
    const requestsBefore = mcp.requests;
    const refusal = await tryTool(signedIn(), { serverId: people.id, toolName: "lookup", arguments: {} }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ToolGatewayError);
    expect(refusal).toMatchObject({ code: "invalid_arguments", message: expect.stringMatching(/person_id/) });
    expect(mcp.requests).toBe(requestsBefore);

    await as("author");
    await expect(
      tryTool(signedIn(), { serverId: people.id, toolName: "lookup", arguments: { person_id: "1" } }),
    ).rejects.toMatchObject({ name: "ForbiddenError" });

    await as("admin");
    await setToolServerEnabled(signedIn(), people.id, false);
    await expect(
      tryTool(signedIn(), { serverId: people.id, toolName: "lookup", arguments: { person_id: "1" } }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect((await readCatalogTools()).some((tool) => tool.server === "people")).toBe(false);
    await setToolServerEnabled(signedIn(), people.id, true);
    expect((await readCatalogTools()).some((tool) => tool.server === "people")).toBe(true);
  });
});

describe("a tool whose schema is not valid JSON Schema", () => {
  it("is listed with the reason, and refused before any call", async () => {
    const broken = await startMutableMcpServer([
      { name: "fine", description: "Fine", inputSchema: objectSchema({}) },
      { name: "broken", description: "Broken", inputSchema: { type: "object", properties: { x: { type: "strnig" } } } },
    ]);
    try {
      await as("admin");
      const { id, refresh } = await createToolServer(signedIn(), {
        name: "broken-schemas",
        transport: { kind: "http", url: broken.url },
      });
      expect(refresh).toMatchObject({ ok: true, toolCount: 2 });
      const { tools } = await getToolServer(signedIn(), id);
      expect(tools.find((tool) => tool.name === "broken")?.schemaError).toMatch(/schema/i);
      expect(tools.find((tool) => tool.name === "fine")?.schemaError).toBeUndefined();
      const requests = broken.requests;
      await expect(tryTool(signedIn(), { serverId: id, toolName: "broken", arguments: {} })).rejects.toMatchObject({
        code: "invalid_schema",
      });
      expect(broken.requests).toBe(requests);
      await removeToolServer(signedIn(), id);
    } finally {
      await broken.close();
    }
  });
});

describe("a stdio server from the default allowlist", () => {
  it("starts the demo HR server, lists its tools and answers a call; an environment it does not declare is refused", async () => {
    await as("admin");
    const transport = {
      kind: "stdio" as const,
      command: "node",
      args: ["--import", "tsx", "scripts/demo-hr-server.ts", "--stdio"],
    };
    const before = await tableCounts();
    await expect(
      createToolServer(signedIn(), { name: "hr-stdio", transport: { ...transport, env: { HR_NOTE: "x" } } }),
    ).rejects.toMatchObject({
      name: "ValidationError",
      fieldErrors: { env: [expect.stringMatching(/accepts no environment variables \(remove HR_NOTE\)/)] },
    });
    expect(await tableCounts()).toEqual(before);

    const { id, refresh } = await createToolServer(signedIn(), { name: "hr-stdio", transport });
    expect(refresh).toMatchObject({ ok: true, toolCount: 25 });
    expect((await listToolServers(signedIn())).find((server) => server.id === id)).toMatchObject({
      transport: "stdio",
      envKeys: [],
      status: "connected",
    });
    const result = await tryTool(signedIn(), {
      serverId: id,
      toolName: "get_employee",
      arguments: { employee_id: "E1024" },
    });
    expect(result.isError).toBe(false);
    expect(result.text).toContain("E1024");
    await removeToolServer(signedIn(), id);
  }, 60_000);
});
