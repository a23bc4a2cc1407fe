import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeSseEvent, type RunEvent, runEventBus, StreamLimiter, type StreamLimits } from "../../events";
import { createApiToken, revokeApiToken, setUserActive } from "../../db/users";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId, personWith } from "../../db/testing/review-test-support";
import { readRunEvents } from "../../events/testing/sse-reader";
import { publishedRoutine, queuedRun } from "../../runs/store/testing/run-test-support";
import { request as currentRequest, signedIn } from "../../../test/request-context";
import { streamRunEvents, streamRunStatuses, type StreamDeps } from "../run-events-api";
import { apiRequest, engineCommit, stepDone, tokenOf } from "./api-test-support";
import { serveHandler } from "./http-test-server";

// Counts the run_event rows the stream reads, through the real DAL function.
const table = vi.hoisted(() => ({ rowsRead: 0 }));
vi.mock("../../runs/operations", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../runs/operations")>();
  return {
    ...original,
    listRunEvents: async (...args: Parameters<typeof original.listRunEvents>) => {
      const page = await original.listRunEvents(...args);
      table.rowsRead += page.length;
      return page;
    },
  };
});
vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

let operator: string;
let operatorId: string;
let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  operator = await tokenOf("operator");
  operatorId = await demoUserId("operator");
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("admin") }));
});

// One stream per user: a slot left held would refuse the next stream with 429.
const deps = (limits: Partial<StreamLimits> = {}): StreamDeps => ({
  bus: runEventBus,
  limiter: new StreamLimiter(1),
  limits,
  pageSize: 20,
});
const open = (runId: string, streamDeps: StreamDeps, init: Parameters<typeof apiRequest>[1] = { token: operator }) =>
  streamRunEvents(apiRequest(`/api/runs/${runId}/events`, init), runId, streamDeps);
const steps = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => stepDone(from + index));
const closes = { timeout: 5_000, interval: 10 };

/** A token of its own for the demo operator, so revoking it leaves the other tests' token alone. */
async function freshOperatorToken() {
  await as("operator");
  const viewer = signedIn()!;
  const token = await createApiToken(viewer, {
    name: `stream test ${Math.random()}`,
    scopes: ["runs:read"],
    expiresInDays: null,
  });
  await as("anonymous");
  return { viewer, token };
}

describe("run event streams hold bounded memory", () => {
  it("a client that stops reading gets only a buffer's worth read from the table, is cut off, and frees its slot", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await engineCommit(runId, steps(1, 2_000));
    const limits = { maxBufferedBytes: 8 * 1024, stallMs: 150 };
    const streamDeps = deps(limits);
    table.rowsRead = 0;
    const response = await open(runId, streamDeps);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // The client reads no more: the server must stop reading the table once a buffer's worth waits for it.
    await vi.waitFor(() => expect(streamDeps.limiter.openCount(operatorId)).toBe(0), closes);
    // The smallest event of the history: the most events a buffer can hold.
    const eventBytes = new TextEncoder().encode(
      encodeSseEvent({
        runId,
        seq: 1,
        at: new Date().toISOString(),
        type: "step.succeeded",
        data: stepDone(1).data,
      } as RunEvent),
    ).byteLength;
    expect(table.rowsRead).toBeLessThanOrEqual(Math.ceil(limits.maxBufferedBytes / eventBytes) + 2 + 20);
    expect(table.rowsRead).toBeGreaterThan(0);
    expect(runEventBus.listenerCount(runId)).toBe(0);
    await expect(reader.read()).rejects.toThrow(/stopped reading/);
    // Its slot is free again: the same user (cap 1) gets a new stream at once.
    const again = await open(runId, streamDeps);
    expect(again.status).toBe(200);
    await again.body!.cancel();
    expect(streamDeps.limiter.openCount(operatorId)).toBe(0);
  });

  it("a client that disconnects from a real HTTP server frees its slot at once, long before any timeout", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await engineCommit(runId, steps(1, 300));
    const streamDeps = deps({ stallMs: 60_000, idleMs: 60_000, maxBufferedBytes: 4 * 1024 });
    const server = await serveHandler((request) => streamRunEvents(request, runId, streamDeps));
    try {
      const firstBytes = await new Promise<string>((resolve, reject) => {
        const request = http.get(`${server.url}/api/runs/${runId}/events`, {
          headers: { authorization: `Bearer ${operator}` },
        });
        request.on("response", (response) => {
          response.once("data", (chunk: Buffer) => {
            resolve(chunk.toString());
            request.destroy();
          });
        });
        request.on("error", (error) => (error.message.includes("aborted") ? undefined : reject(error)));
      });
      expect(firstBytes).toMatch(/^retry: /);
      await vi.waitFor(() => expect(streamDeps.limiter.openCount(operatorId)).toBe(0), { timeout: 2_000 });
      expect(runEventBus.listenerCount(runId)).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe("run event streams re-check the viewer while open", () => {
  it("closes a token's stream once the token is revoked, and the token opens no new one", async () => {
    const person = await freshOperatorToken();
    const runId = await queuedRun(routineId, { startedById: operatorId });
    const streamDeps = deps({ recheckMs: 30 });
    const response = await open(runId, streamDeps, { token: person.token.token });
    expect(response.status).toBe(200);
    const reading = readRunEvents(response.body!);
    await engineCommit(runId, steps(1, 2));
    // Several re-checks pass while the token is valid: the stream stays open.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(streamDeps.limiter.openCount(operatorId)).toBe(1);

    await revokeApiToken(person.viewer, { tokenId: person.token.id });
    await expect(reading).rejects.toThrow(/no longer/);
    expect(streamDeps.limiter.openCount(operatorId)).toBe(0);
    expect(runEventBus.listenerCount(runId)).toBe(0);
    expect((await open(runId, streamDeps, { token: person.token.token })).status).toBe(401);
  });

  it("closes a session's stream once its user is deactivated (and keeps it open while the session holds)", async () => {
    const person = await personWith(["operator"]);
    const runId = await queuedRun(routineId, { startedById: person.id });
    await person.signIn();
    const cookie = currentRequest.headers.get("cookie")!;
    const streamDeps = deps({ recheckMs: 30 });
    const response = await open(runId, streamDeps, { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await engineCommit(runId, steps(1, 1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await engineCommit(runId, steps(2, 2));
    let text = "";
    while (!text.includes("id: 2\n")) text += new TextDecoder().decode((await reader.read()).value);
    expect(streamDeps.limiter.openCount(person.id)).toBe(1);

    await as("admin");
    await setUserActive(signedIn(), { userId: person.id, active: false });
    await as("anonymous");
    await vi.waitFor(() => expect(streamDeps.limiter.openCount(person.id)).toBe(0), closes);
    expect(runEventBus.listenerCount(runId)).toBe(0);
    await engineCommit(runId, steps(3, 3));
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow(/no longer/);
  });

  it("closes the runs-list stream once the token is revoked", async () => {
    const person = await freshOperatorToken();
    const streamDeps = deps({ recheckMs: 30 });
    const response = await streamRunStatuses(apiRequest("/api/runs/events", { token: person.token.token }), streamDeps);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).value).toBeDefined();
    await revokeApiToken(person.viewer, { tokenId: person.token.id });
    await vi.waitFor(() => expect(streamDeps.limiter.openCount(operatorId)).toBe(0), closes);
    await expect(reader.read()).rejects.toThrow(/no longer/);
  });
});

afterAll(() => as("anonymous"));
