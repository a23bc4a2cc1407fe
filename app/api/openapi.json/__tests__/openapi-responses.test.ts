import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "@/scripts/fake-openai/index";
import { openApiDocument } from "@/lib/api/openapi";
import {
  createResponseValidator,
  documentedContent,
  type ResponseKey,
} from "@/lib/api/openapi/testing/response-validator";
import { createApiToken } from "@/lib/db/users";
import { updateLlmSettings } from "@/lib/db/llm";
import { seedDatabase } from "@/lib/demo/seed";
import { LLM_ROLES } from "@/lib/llm";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { insertStoredRun, stepRef } from "@/lib/db/testing/stored-runs";
import { publishedRoutine } from "@/lib/runs/store/testing/run-test-support";
import { signedIn } from "@/test/request-context";
import * as authRoute from "../../auth/[...all]/route";
import { GET as exportTraining } from "../../evaluations/export/route";
import { GET as health } from "../../health/route";
import { POST as optimize } from "../../routines/[id]/optimize/route";
import { GET as working } from "../../routines/[id]/working/route";
import { GET as runStatus } from "../../runs/[id]/route";
import { GET as runEvents } from "../../runs/[id]/events/route";
import { GET as runStatuses } from "../../runs/events/route";
import { POST as startRun } from "../../runs/route";
import { GET as openApiJson } from "../route";

// Every JSON route's answers, checked against the schema the OpenAPI document gives for their status: a route that
// sends a field the document does not name, drops one it requires, or answers a status it does not list fails here,
// naming the response and ajv's error. The streaming routes answer with a media type the document lists.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

const APP = "http://localhost:3999";
const document = openApiDocument();
const responses = createResponseValidator(document);

/** Reads `response` as JSON and fails unless it is what the document gives for `key` and the response's status. */
async function expectDocumented(key: Omit<ResponseKey, "status">, response: Response): Promise<unknown> {
  const type = response.headers.get("content-type") ?? "";
  expect(type, `${key.method} ${key.path} → ${response.status}`).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  expect(responses.problems({ ...key, status: response.status }, body)).toEqual([]);
  return body;
}

/** Checks a streamed answer's media type against the document, then lets the stream go. */
async function expectStreamed(
  key: Omit<ResponseKey, "status">,
  response: Response,
  mediaType: string,
  stop?: () => void,
) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(new RegExp(`^${mediaType.replace("/", "\\/")}\\b`));
  expect(documentedContent(document, { ...key, status: 200 })?.mediaTypes).toContain(mediaType);
  stop?.();
  await response.body?.cancel().catch(() => undefined);
}

const request = (path: string, init: { token?: string; body?: string; type?: string; signal?: AbortSignal } = {}) =>
  new Request(`${APP}${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { "content-type": init.type ?? "application/json" }),
    },
    body: init.body,
    signal: init.signal,
  });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

let operator: string;
let readsOnly: string;
let author: string;
let routineId: string;
let versionId: string;
let fake: FakeOpenAI;

/** A personal API token of the demo user holding `who`'s role, with `scopes`. */
async function tokenOf(who: "author" | "operator", scopes: Parameters<typeof createApiToken>[1]["scopes"]) {
  await as(who);
  const { token } = await createApiToken(signedIn(), { name: `${who} openapi test`, scopes, expiresInDays: 7 });
  await as("anonymous");
  return token;
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const published = await publishedRoutine({ ownerId: await demoUserId("author") });
  ({ routineId, versionId } = published);
  operator = await tokenOf("operator", ["runs:read", "runs:start"]);
  readsOnly = await tokenOf("operator", ["runs:read"]);
  author = await tokenOf("author", ["evaluations:export"]);
  const runId = randomUUID();
  const ref = stepRef(runId, "summarize");
  await insertStoredRun(
    { id: runId, routineId, versionId: published.versionId, versionNumber: 1, routineName: "R", status: "succeeded" },
    [
      { type: "step.tool_call", data: { ...ref, server: "hr", tool: "summarize", arguments: {}, byModel: true } },
      { type: "step.output", data: { ...ref, output: { summary: "Done." } } },
      {
        type: "run.finished",
        data: { status: "succeeded", outputs: {}, durationMs: 1, inputTokens: 0, outputTokens: 0 },
      },
    ],
  );
  // The planner's endpoint refuses every call, so "Optimize with AI" streams its progress and then `failed`.
  fake = await startFakeOpenAI({ port: 0, apiKey: "sk-openapi-test" });
  fake.setScenario({ rules: [{ fault: { kind: "http", status: 400, message: "No." } }] });
  await as("admin");
  const roles = Object.fromEntries(
    LLM_ROLES.map((role) => [role, { model: role === "planner" ? "fake-model" : "", timeoutMs: 1_000, maxRetries: 0 }]),
  );
  await updateLlmSettings(signedIn(), {
    baseUrl: fake.url,
    apiKey: "sk-openapi-test",
    roles: roles as Parameters<typeof updateLlmSettings>[1]["roles"],
  });
  await as("anonymous");
});
afterAll(async () => {
  await fake?.close();
});

describe("the run routes answer as documented", () => {
  const post = { path: "/api/runs", method: "post" };
  const body = () => JSON.stringify({ routineId, inputs: { ticket: "x" } });

  it("POST /api/runs: 201, 400, 401, 403, 404, 415 and 422", async () => {
    const started = (await expectDocumented(
      post,
      await startRun(request("/api/runs", { token: operator, body: body() })),
    )) as {
      runId: string;
    };
    expect(started.runId).toEqual(expect.any(String));
    const statuses = [];
    for (const [token, raw, type] of [
      [operator, JSON.stringify({ routineId: 5 }), undefined],
      [undefined, body(), undefined],
      [readsOnly, body(), undefined],
      [operator, JSON.stringify({ routineId: "no-such-routine" }), undefined],
      [operator, body(), "text/plain"],
      [operator, JSON.stringify({ request: "Frobnicate the zorblax quantum marmalade." }), undefined],
    ] as const) {
      const response = await startRun(request("/api/runs", { token, body: raw, type }));
      statuses.push(response.status);
      await expectDocumented(post, response);
    }
    expect(statuses).toEqual([400, 401, 403, 404, 415, 422]);
  });

  it("GET /api/runs/{id}: 200 and 404; its event streams as text/event-stream", async () => {
    const { runId } = (await (await startRun(request("/api/runs", { token: operator, body: body() }))).json()) as {
      runId: string;
    };
    const key = { path: "/api/runs/{id}", method: "get" };
    await expectDocumented(key, await runStatus(request(`/api/runs/${runId}`, { token: operator }), params(runId)));
    const unknown = await runStatus(request("/api/runs/nope", { token: operator }), params("nope"));
    expect(unknown.status).toBe(404);
    await expectDocumented(key, unknown);

    const events = new AbortController();
    const stream = await runEvents(
      request(`/api/runs/${runId}/events`, { token: operator, signal: events.signal }),
      params(runId),
    );
    await expectStreamed({ path: "/api/runs/{id}/events", method: "get" }, stream, "text/event-stream", () =>
      events.abort(),
    );
    const statuses = new AbortController();
    const all = await runStatuses(request("/api/runs/events", { token: operator, signal: statuses.signal }));
    await expectStreamed({ path: "/api/runs/events", method: "get" }, all, "text/event-stream", () => statuses.abort());
  });
});

describe("the other routes answer as documented", () => {
  it("GET /api/health", async () => {
    await expectDocumented({ path: "/api/health", method: "get" }, await health());
  });

  it("GET /api/openapi.json: the document itself, public and cached for five minutes", async () => {
    const response = await openApiJson();
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await expectDocumented({ path: "/api/openapi.json", method: "get" }, response)).toEqual(
      JSON.parse(JSON.stringify(document)),
    );
  });

  it("GET /api/routines/{id}/working: 200 for a signed-in user, 404 for an unknown routine", async () => {
    await as("author");
    const key = { path: "/api/routines/{id}/working", method: "get" };
    expect(await expectDocumented(key, await working(request("/x"), params(routineId)))).toMatchObject({
      revision: expect.any(Number),
    });
    const unknown = await working(request("/x"), params("no-such-routine"));
    expect(unknown.status).toBe(404);
    await expectDocumented(key, unknown);
  });

  it("POST /api/routines/{id}/optimize: 400 as JSON, then a stream of OptimizeEvent lines ending in failed", async () => {
    await as("author");
    const key = { path: "/api/routines/{id}/optimize", method: "post" };
    const send = (raw: string) =>
      optimize(
        new Request(`${APP}/api/routines/${routineId}/optimize`, {
          method: "POST",
          headers: { origin: APP, "content-type": "application/json" },
          body: raw,
        }),
        params(routineId),
      );
    const refused = await send("{}");
    expect(refused.status).toBe(400);
    await expectDocumented(key, refused);

    const streamed = await send(JSON.stringify({ source: "canvas", basedOnVersionId: versionId }));
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await streamed.text()).split("\n").filter((line) => line.trim());
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines)
      expect(responses.problems({ ...key, status: 200, mediaType: "application/x-ndjson" }, JSON.parse(line))).toEqual(
        [],
      );
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ phase: "failed" });
  });

  it("GET /api/evaluations/export: JSONL for 200, JSON for 400 and 404", async () => {
    const key = { path: "/api/evaluations/export", method: "get" };
    const download = await exportTraining(request(`/api/evaluations/export?routineId=${routineId}`, { token: author }));
    await expectStreamed(key, download, "application/x-ndjson");
    const bad = await exportTraining(request("/api/evaluations/export?format=csv", { token: author }));
    expect(bad.status).toBe(400);
    await expectDocumented(key, bad);
    const none = await exportTraining(
      request("/api/evaluations/export?from=2000-01-01&to=2000-01-02", { token: author }),
    );
    expect(none.status).toBe(404);
    await expectDocumented(key, none);
  });

  it("/api/auth/{path}: the session (or null) for GET get-session, 404 elsewhere", async () => {
    const key = { path: "/api/auth/{path}", method: "get" };
    await as("author");
    const cookie = (await import("@/test/request-context")).request.headers.get("cookie")!;
    const session = await authRoute.GET(new Request(`${APP}/api/auth/get-session`, { headers: { cookie } }));
    expect(await expectDocumented(key, session)).toMatchObject({ user: { email: "author@example.com" } });
    expect(await expectDocumented(key, await authRoute.GET(request("/api/auth/get-session")))).toBeNull();
    const closed = await authRoute.POST(request("/api/auth/sign-up/email", { body: "{}" }));
    expect(closed.status).toBe(404);
    await expectDocumented({ path: "/api/auth/{path}", method: "post" }, closed);
  });

  it("POST /api/mcp without a token: a JSON-RPC error", async () => {
    const { POST } = await import("../../mcp/route");
    const refused = await POST(
      request("/api/mcp", { body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) }),
    );
    expect(refused.status).toBe(401);
    await expectDocumented({ path: "/api/mcp", method: "post" }, refused);
  });
});
