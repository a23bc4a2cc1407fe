import { beforeAll, describe, expect, it, vi } from "vitest";
import { runEventBus, StreamLimiter, type StreamLimits } from "../../events";
import { createApiToken, setUserRoles } from "../../db/users";
import { prisma } from "../../db/core";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId, personWith } from "../../db/testing/review-test-support";
import { publishedRoutine, queuedRun } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";
import { getRunStatus, postRun } from "../runs-api";
import { streamRunEvents, streamRunStatuses, type StreamDeps } from "../run-events-api";
import { apiRequest, engineCommit, stepDone, tokenOf, tokenWith } from "./api-test-support";

// Issue #29: a personal API token does only what its scopes say, never more than its owner's roles, and nothing once
// it has expired, also on a stream that was open when it expired. Through the real route handlers.
vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

let routineId: string;
let operatorId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  operatorId = await demoUserId("operator");
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("admin") }));
});

const deps = (limits: Partial<StreamLimits> = {}): StreamDeps => ({
  bus: runEventBus,
  limiter: new StreamLimiter(20),
  limits,
  pageSize: 20,
});
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const startBody = () => ({ routineId, inputs: { ticket: "The printer is on fire." } });

/** Everything a started run leaves behind: runs, their events, and audit entries. */
const written = async () => ({
  runs: await prisma.run.count(),
  events: await prisma.runEvent.count(),
  audit: await prisma.auditLog.count(),
});

/** Every route that accepts a token, as a client calls it with `token`. */
function everyTokenRoute(token: string, runId: string, streamDeps: StreamDeps) {
  return [
    ["POST /api/runs", () => postRun(apiRequest("/api/runs", { token, body: startBody() }))],
    ["GET /api/runs/[id]", () => getRunStatus(apiRequest(`/api/runs/${runId}`, { token }), runId)],
    [
      "GET /api/runs/[id]/events",
      () => streamRunEvents(apiRequest(`/api/runs/${runId}/events`, { token }), runId, streamDeps),
    ],
    ["GET /api/runs/events", () => streamRunStatuses(apiRequest("/api/runs/events", { token }), streamDeps)],
  ] as const;
}

describe("a token's scopes", () => {
  it("a token that may only read runs cannot start one: 403 naming runs:start, and nothing is written", async () => {
    const { token } = await tokenWith("operator", ["runs:read"]);
    const before = await written();
    for (const body of [
      startBody(),
      { request: "Summarize the ticket about the printer", inputs: {} },
      { request: "Find out which printers are on fire", mode: "planned" },
    ]) {
      const response = await postRun(apiRequest("/api/runs", { token, body }));
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toContain('error="insufficient_scope", scope="runs:start"');
      expect(await json(response)).toEqual({
        error:
          'This API token lacks the scope "runs:start" (Start runs), which this route needs. Create a token with that scope under API tokens.',
        missingScope: "runs:start",
      });
    }
    expect(await written()).toEqual(before);

    // What it may do, it does: read a run and follow it.
    const runId = await queuedRun(routineId, { startedById: operatorId });
    expect((await getRunStatus(apiRequest(`/api/runs/${runId}`, { token }), runId)).status).toBe(200);
    const stream = await streamRunEvents(apiRequest(`/api/runs/${runId}/events`, { token }), runId, deps());
    expect(stream.status).toBe(200);
    await stream.body!.cancel();
  });

  it("a token without runs:read can start a run but not read it, its events or the runs list, and takes no stream slot", async () => {
    const { token } = await tokenWith("operator", ["runs:start"]);
    const started = await postRun(apiRequest("/api/runs", { token, body: startBody() }));
    expect(started.status).toBe(201);
    const runId = (await json(started)).runId as string;
    const streamDeps = deps();
    for (const [route, call] of everyTokenRoute(token, runId, streamDeps).slice(1)) {
      const response = await call();
      expect(response.status, route).toBe(403);
      expect(await json(response), route).toMatchObject({
        error: expect.stringContaining('lacks the scope "runs:read" (Read runs)'),
        missingScope: "runs:read",
      });
    }
    expect(streamDeps.limiter.openCount(operatorId)).toBe(0);
    expect(runEventBus.listenerCount(runId)).toBe(0);
  });

  it("never grants what the owner's role does not: a start token of someone who is no longer an operator starts nothing", async () => {
    const person = await personWith(["operator"]);
    await person.signIn();
    const { token } = await createApiToken(signedIn(), {
      name: "Before the move",
      scopes: ["runs:read", "runs:start"],
      expiresInDays: 30,
    });
    await as("admin");
    await setUserRoles(signedIn(), { userId: person.id, roles: ["author"] });
    await as("anonymous");
    const before = await written();
    const refused = await postRun(apiRequest("/api/runs", { token, body: startBody() }));
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatch(/operator or admin role/);
    expect(await written()).toEqual(before);
  });

  it("tokens made before scopes keep reading and starting runs as before", async () => {
    const token = await tokenOf("operator");
    const started = await postRun(apiRequest("/api/runs", { token, body: startBody() }));
    expect(started.status).toBe(201);
    const runId = (await json(started)).runId as string;
    expect((await getRunStatus(apiRequest(`/api/runs/${runId}`, { token }), runId)).status).toBe(200);
    const streamDeps = deps();
    for (const [route, call] of everyTokenRoute(token, runId, streamDeps).slice(2)) {
      const response = await call();
      expect(response.status, route).toBe(200);
      await response.body!.cancel();
    }
  });
});

describe("a token's expiry", () => {
  /** Moves the token's expiry into the past, as time passing would. */
  const expire = (tokenId: string) =>
    prisma.apiToken.update({ where: { id: tokenId }, data: { expiresAt: new Date(Date.now() - 1000) } });

  it("an expired token gets 401 on every token route, saying it expired, and nothing is written", async () => {
    const created = await tokenWith("operator", ["runs:read", "runs:start"], 7);
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await expire(created.id);
    const expiredAt = (await prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } })).expiresAt!;
    const before = await written();
    const streamDeps = deps();
    for (const [route, call] of everyTokenRoute(created.token, runId, streamDeps)) {
      const response = await call();
      expect(response.status, route).toBe(401);
      expect(response.headers.get("www-authenticate"), route).toContain('error="invalid_token"');
      expect((await json(response)).error, route).toBe(
        `The API token expired on ${expiredAt.toISOString()}; create a new one under API tokens.`,
      );
    }
    expect(await written()).toEqual(before);
    expect(streamDeps.limiter.openCount(operatorId)).toBe(0);
  });

  it("a run's stream open when its token expires ends at the next re-check, and frees its slot", async () => {
    const created = await tokenWith("operator", ["runs:read"], 7);
    const runId = await queuedRun(routineId, { startedById: operatorId });
    const streamDeps = deps({ recheckMs: 30 });
    const response = await streamRunEvents(
      apiRequest(`/api/runs/${runId}/events`, { token: created.token }),
      runId,
      streamDeps,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await engineCommit(runId, [stepDone(1)]);
    // Re-checks pass while the token is valid: the stream stays open.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(streamDeps.limiter.openCount(operatorId)).toBe(1);

    await expire(created.id);
    await vi.waitFor(() => expect(streamDeps.limiter.openCount(operatorId)).toBe(0), { timeout: 5_000, interval: 10 });
    expect(runEventBus.listenerCount(runId)).toBe(0);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow(/no longer/);
  });

  it("the runs-list stream open when its token expires ends at the next re-check", async () => {
    const created = await tokenWith("operator", ["runs:read"], 30);
    const streamDeps = deps({ recheckMs: 30 });
    const response = await streamRunStatuses(apiRequest("/api/runs/events", { token: created.token }), streamDeps);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).value).toBeDefined();
    await expire(created.id);
    await vi.waitFor(() => expect(streamDeps.limiter.openCount(operatorId)).toBe(0), { timeout: 5_000, interval: 10 });
    await expect(reader.read()).rejects.toThrow(/no longer/);
  });
});
