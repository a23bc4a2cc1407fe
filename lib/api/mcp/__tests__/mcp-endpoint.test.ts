import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ElicitRequestSchema,
  McpError,
  ToolListChangedNotificationSchema,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js";
import { prisma } from "../../../db/core";
import { readRunTraceContext } from "../../../telemetry";
import { setRoutineMcpHidden } from "../../../db/integrations";
import { archiveRoutine, restoreRoutine } from "../../../db/routines";
import { createApiToken } from "../../../db/users";
import { registerDemoToolServer, seedDatabase } from "../../../demo/seed";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../../demo/hr-server";
import { as, demoUserId, personWith } from "../../../db/testing/review-test-support";
import { buildRunWorker, type RunWorker } from "../../../runs/store";
import { leaveInputs, leaveRoutine, publishOverDemoHr } from "../../../runs/store/testing/demo-hr-runs";
import { publishedRoutine } from "../../../runs/store/testing/run-test-support";
import { sharedToolGateway } from "../../../tool-gateway";
import { request as sessionRequest, signedIn } from "../../../../test/request-context";
import { type FakeOpenAI, startFakeOpenAI } from "../../../../scripts/fake-openai/index";
import { checkSessions, closeAllSessions, handleMcpRequest } from "..";
import { serveHandler, type Bridge } from "../testing/http-bridge";

// The MCP endpoint as a real MCP client reaches it: the SDK's Client over Streamable HTTP, the route's handler served
// over HTTP, the real run worker and engine, the demo HR MCP server behind the routines' tools.
vi.mock("next/headers", async () => (await import("../../../../test/request-context")).nextHeadersMock);

let hr: DemoHrHttpServer;
let bridge: Bridge;
let worker: RunWorker;
let operatorToken: string;
let readOnlyToken: string;
let otherOperatorToken: string;
let draftId: string;
let fake: FakeOpenAI;
const clients: Client[] = [];

async function tokenFor(who: "operator", scopes: Array<"runs:start" | "runs:read">) {
  await as(who);
  return (await createApiToken(signedIn(), { name: `mcp ${who} ${scopes.join(" ")}`, scopes, expiresInDays: 7 })).token;
}

/** A connected client with `token`; `elicit` answers the server's elicitation requests when given. */
async function connect(token: string, elicit?: (message: string) => Promise<Record<string, unknown> | null>) {
  const client = new Client(
    { name: "mcp-endpoint-test", version: "1.0.0" },
    { capabilities: elicit ? { elicitation: { form: {} } } : {} },
  );
  if (elicit)
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      const content = await elicit(request.params.message);
      return content ? { action: "accept", content } : { action: "decline" };
    });
  const transport = new StreamableHTTPClientTransport(new URL(bridge.url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const runCount = () => prisma.run.count();

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  // The demo library as `npm start` seeds it: published over the HR tools, reviewed by the demo reviewer.
  await registerDemoToolServer(hr.url);
  await seedDatabase({ mode: "demo", demoRoutines: true });
  const ownerId = await demoUserId("author");
  await publishOverDemoHr(hr.url, ownerId, leaveRoutine());
  await publishOverDemoHr(hr.url, ownerId, leaveRoutine(true));
  ({ routineId: draftId } = await publishedRoutine({ ownerId, published: false }));
  operatorToken = await tokenFor("operator", ["runs:start"]);
  readOnlyToken = await tokenFor("operator", ["runs:read"]);
  const other = await personWith(["operator"]);
  await other.signIn();
  otherOperatorToken = (await createApiToken(signedIn(), { name: "other", scopes: ["runs:start"], expiresInDays: 7 }))
    .token;
  bridge = await serveHandler(handleMcpRequest, "/api/mcp");
  fake = await startFakeOpenAI({ port: 0, apiKey: "test-key", scenario: { rules: [] } });
  worker = buildRunWorker({ enabled: true, concurrency: 2, leaseMs: 60_000, pollMs: 100 });
  worker.start();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await closeAllSessions();
  await worker?.stop();
  await bridge?.close();
  await sharedToolGateway().close();
  await hr?.close();
  await fake?.close();
});
afterEach(() => vi.unstubAllEnvs());

describe("/api/mcp: published routines as tools", () => {
  it("lists the published routines the operator may run, with schemas and hints, and run_by_request", async () => {
    const client = await connect(operatorToken);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["book_leave", "book_leave_with_approval", "run_by_request"]));
    // The seeded demo routines are published too.
    expect(names).toEqual(expect.arrayContaining(["apply_for_annual_leave", "payslip_question", "report_sick_leave"]));
    const bookLeave = tools.find((tool) => tool.name === "book_leave")!;
    expect(bookLeave.inputSchema).toMatchObject({
      type: "object",
      properties: { employee_id: { type: "string" }, start_date: { type: "string" }, end_date: { type: "string" } },
      required: ["employee_id", "start_date", "end_date"],
      additionalProperties: false,
    });
    expect(bookLeave.outputSchema?.required).toEqual(expect.arrayContaining(["runId", "status", "link"]));
    // apply_leave changes data: the routine is neither read-only nor safe to call twice.
    expect(bookLeave.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    // Unpublished routines are not tools.
    const draft = await prisma.routine.findUniqueOrThrow({ where: { id: draftId } });
    expect(tools.some((tool) => tool.title === draft.name && tool.name !== "book_leave")).toBe(false);
  });

  it("runs a routine with its inputs, streams a progress notification per step and answers the run", async () => {
    const client = await connect(operatorToken);
    const inputs = leaveInputs();
    const progress: Progress[] = [];
    // The caller's trace (MCP's convention: params._meta.traceparent), which the run's spans continue.
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const result = await client.callTool({ name: "book_leave", arguments: inputs, _meta: { traceparent } }, undefined, {
      onprogress: (update) => progress.push(update),
      timeout: 30_000,
    });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { runId: string; status: string; link: string; routine: string };
    expect(structured).toMatchObject({ status: "succeeded", routine: "Book leave" });
    expect(structured.link).toBe(`http://localhost:3999/runs/${structured.runId}`);
    const messages = progress.map((update) => update.message);
    for (const step of ["Look up the employee", "Book the leave", "Tell the employee"])
      expect(messages).toContain(
        `Step ${["Look up the employee", "Book the leave", "Tell the employee"].indexOf(step) + 1} of 4 · ${step} · succeeded`,
      );
    expect(progress.map((update) => update.progress)).toEqual(progress.map((_, index) => index + 1));
    const run = await prisma.run.findUniqueOrThrow({ where: { id: structured.runId } });
    expect(run).toMatchObject({ status: "succeeded", source: "mcp", startedById: await demoUserId("operator") });
    expect(JSON.parse(run.inputs)).toEqual(inputs);
    expect(readRunTraceContext(run.traceContext)).toMatchObject({
      traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
      parentSpanId: "00f067aa0ba902b7",
    });
  });

  it("returns at once with the run waiting at a human step when the client offers no elicitation", async () => {
    const client = await connect(operatorToken);
    const result = await client.callTool({ name: "book_leave_with_approval", arguments: leaveInputs() }, undefined, {
      timeout: 30_000,
    });
    const structured = result.structuredContent as {
      runId: string;
      status: string;
      waitingFor: { kind: string; stepName: string };
    };
    expect(structured.status).toBe("waiting");
    expect(structured.waitingFor).toMatchObject({ kind: "approval", stepName: "Manager approves" });
    expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/waiting at step “Manager approves”/);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: structured.runId } })).status).toBe("waiting");
  });

  it("asks through elicitation at a human step and resumes with the answer", async () => {
    const asked: string[] = [];
    const client = await connect(operatorToken, async (message) => {
      asked.push(message);
      return { approve: true, comment: "Fine by me" };
    });
    const result = await client.callTool({ name: "book_leave_with_approval", arguments: leaveInputs() }, undefined, {
      timeout: 30_000,
    });
    expect(asked).toEqual([expect.stringMatching(/Manager approves.*Approve the booking/)]);
    const structured = result.structuredContent as { runId: string; status: string };
    expect(structured.status).toBe("succeeded");
    const decided = await prisma.auditLog.findFirst({
      where: { action: "run.step_decided", detail: { contains: structured.runId } },
    });
    expect(decided?.actorId).toBe(await demoUserId("operator"));
  });

  it("cancels the run when the client cancels the call", async () => {
    const controller = new AbortController();
    let runId = "";
    const client = await connect(operatorToken, async () => {
      runId = (
        await prisma.run.findFirstOrThrow({
          where: { status: "waiting", source: "mcp" },
          orderBy: { createdAt: "desc" },
        })
      ).id;
      controller.abort();
      return new Promise(() => undefined);
    });
    await expect(
      client.callTool({ name: "book_leave_with_approval", arguments: leaveInputs() }, undefined, {
        signal: controller.signal,
        timeout: 30_000,
      }),
    ).rejects.toThrow();
    await expect
      .poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status, { timeout: 10_000 })
      .toBe("cancelled");
  });
});

describe("/api/mcp run_by_request", () => {
  it("runs the routine procedure memory picks, with the inputs the executor model reads from the request", async () => {
    vi.stubEnv("OPENAI_BASE_URL", fake.url);
    vi.stubEnv("OPENAI_API_KEY", "test-key");
    vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-executor");
    fake.addRules([
      {
        match: { responseFormat: "json_schema", lastMessageIncludes: "off sick since" },
        reply: { json: { employee_id: "E1024", start_date: "2025-08-04", end_date: "2025-08-05" } },
      },
    ]);
    const client = await connect(operatorToken);
    const controller = new AbortController();
    // The first step's news is enough: the call is then cancelled, which cancels the run (the later steps ask a model).
    const call = client.callTool(
      { name: "run_by_request", arguments: { request: "E1024 has been off sick since Monday 4 August" } },
      undefined,
      { signal: controller.signal, onprogress: () => controller.abort(), timeout: 30_000 },
    );
    await expect(call).rejects.toThrow();
    const run = await prisma.run.findFirstOrThrow({ where: { source: "mcp" }, orderBy: { createdAt: "desc" } });
    expect(run.routineName).toBe("Report sick leave");
    expect(JSON.parse(run.inputs)).toEqual({ employee_id: "E1024", start_date: "2025-08-04", end_date: "2025-08-05" });
    expect(run.request).toBe("E1024 has been off sick since Monday 4 August");
    await expect
      .poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 10_000 })
      .toBe("cancelled");
  });
});

describe("/api/mcp refuses, and starts nothing", () => {
  it("a token without the runs:start scope (403), no token or only a session cookie (401)", async () => {
    const before = await runCount();
    await expect(connect(readOnlyToken)).rejects.toThrow(/403|runs:start/);
    // A signed-in browser's session cookie is no way in: a page on another site could otherwise drive the endpoint.
    await as("operator");
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "page", version: "1" } },
    });
    for (const cookie of [undefined, sessionRequest.headers.get("cookie")!]) {
      const response = await fetch(bridge.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(cookie ? { cookie } : {}),
        },
        body: initialize,
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/Bearer/);
    }
    expect(await runCount()).toBe(before);
  });

  it("an unpublished routine and an unknown tool: an MCP error naming the tool", async () => {
    const client = await connect(operatorToken);
    const before = await runCount();
    const error = await client.callTool({ name: "not_a_routine", arguments: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).message).toMatch(/Unknown tool: not_a_routine/);
    expect(await runCount()).toBe(before);
  });

  it("bad arguments: a tool error naming each input", async () => {
    const client = await connect(operatorToken);
    const before = await runCount();
    const result = await client.callTool({ name: "book_leave", arguments: { employee_id: 42, surprise: "x" } });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>).map((part) => part.text).join("\n");
    expect(text).toMatch(/Nothing was started/);
    expect(text).toMatch(/start_date/);
    expect(await runCount()).toBe(before);
  });

  it("a 100 KB request: 413 with a JSON-RPC error", async () => {
    const client = await connect(operatorToken);
    const before = await runCount();
    const huge = { ...leaveInputs(), employee_id: "E".repeat(100 * 1024) };
    await expect(client.callTool({ name: "book_leave", arguments: huge })).rejects.toThrow(/413|too large/);
    expect(await runCount()).toBe(before);
  });

  it("another user's token on someone's session: 404, as for an unknown session", async () => {
    const client = await connect(operatorToken);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    const response = await fetch(bridge.url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${otherOperatorToken}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
    });
    expect(response.status).toBe(404);
  });

  it("run_by_request with a request no routine fits: says so and runs nothing", async () => {
    const client = await connect(operatorToken);
    const before = await runCount();
    const result = await client.callTool({
      name: "run_by_request",
      arguments: { request: "Bake a chocolate cake for the party" },
    });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/no published routine fits/);
    expect(await runCount()).toBe(before);
  });
});

describe("/api/mcp follows what admins do", () => {
  it("hiding a routine tells connected clients the list changed, and takes it off the list", async () => {
    const changed: string[] = [];
    const client = await connect(operatorToken);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed.push("changed"));
    await checkSessions();
    const routine = await prisma.routine.findFirstOrThrow({ where: { name: "Book leave" } });
    await as("admin");
    await setRoutineMcpHidden(signedIn(), { routineId: routine.id, hidden: true });
    await checkSessions();
    await expect.poll(() => changed.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain("book_leave");
    const refused = await client
      .callTool({ name: "book_leave", arguments: leaveInputs() })
      .catch((caught: unknown) => caught);
    expect((refused as McpError).message).toMatch(/Unknown tool: book_leave/);
    await setRoutineMcpHidden(signedIn(), { routineId: routine.id, hidden: false });
  });

  it("archiving a routine, then restoring it: the list changes each time and clients are told", async () => {
    const changed: string[] = [];
    const client = await connect(operatorToken);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed.push("changed"));
    await checkSessions();
    const routine = await prisma.routine.findFirstOrThrow({ where: { name: "Book leave with approval" } });
    await as("admin");
    await archiveRoutine(signedIn(), { routineId: routine.id });
    await checkSessions();
    await expect.poll(() => changed.length, { timeout: 10_000 }).toBe(1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain("book_leave_with_approval");
    await restoreRoutine(signedIn(), { routineId: routine.id });
    await checkSessions();
    await expect.poll(() => changed.length, { timeout: 10_000 }).toBe(2);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("book_leave_with_approval");
  });
});
