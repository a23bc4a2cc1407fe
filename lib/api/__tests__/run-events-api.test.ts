import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { RunEventBus, runEventBus, StreamLimiter } from "../../events";
import { readRunEvents } from "../../events/testing/sse-reader";
import { prisma } from "../../db/core";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId } from "../../db/testing/review-test-support";
import { publishedRoutine, queuedRun } from "../../runs/store/testing/run-test-support";
import { streamRunEvents, streamRunStatuses, type StreamDeps } from "../run-events-api";
import { apiRequest, engineCommit, finished, stepDone, storedEvents, tokenOf } from "./api-test-support";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

let operator: string;
let author: string;
let reviewer: string;
let routineId: string;
let operatorId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  [operator, author, reviewer] = [await tokenOf("operator"), await tokenOf("author"), await tokenOf("reviewer")];
  operatorId = await demoUserId("operator");
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("admin") }));
});

const deps = (max = 20): StreamDeps => ({ bus: runEventBus, limiter: new StreamLimiter(max), pageSize: 3 });
const seqs = (events: { seq: number }[]) => events.map((event) => event.seq);
const open = (
  runId: string,
  options: { token?: string; lastEventId?: number; viaQuery?: boolean; signal?: AbortSignal } = {},
  streamDeps = deps(),
) => {
  const query = options.viaQuery && options.lastEventId !== undefined ? `?lastEventId=${options.lastEventId}` : "";
  const headers: Record<string, string> =
    options.lastEventId !== undefined && !options.viaQuery ? { "last-event-id": String(options.lastEventId) } : {};
  return streamRunEvents(
    apiRequest(`/api/runs/${runId}/events${query}`, {
      token: options.token ?? operator,
      headers,
      signal: options.signal,
    }),
    runId,
    streamDeps,
  );
};

describe("GET /api/runs/[id]/events", () => {
  it("replays the stored events after Last-Event-ID, then the live ones, and ends after run.finished", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await engineCommit(runId, [{ type: "run.started", data: {} }, stepDone(1), stepDone(2), stepDone(3)]);
    const response = await open(runId, { lastEventId: 2 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const reading = readRunEvents(response.body!);
    await engineCommit(runId, [stepDone(4)]);
    await engineCommit(runId, [finished()], { run: { status: "succeeded", finishedAt: new Date() } });
    const { events, ended } = await reading;
    expect(ended).toBe(true);
    expect(seqs(events)).toEqual([3, 4, 5, 6, 7]);
    expect(events.map((event) => [event.seq, event.type])).toEqual((await storedEvents(runId)).slice(2));
    expect(runEventBus.listenerCount(runId)).toBe(0);
  });

  it("sends an event the server cannot read in its place, as unreadable, and goes on to the end", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await engineCommit(runId, [{ type: "run.started", data: {} }]);
    // An event of a newer Routine Studio, stored between two of this one's.
    await prisma.runEvent.create({
      data: { id: randomUUID(), runId, seq: 3, type: "step.teleported", payload: JSON.stringify({ _v: 1 }) },
    });
    await prisma.run.update({ where: { id: runId }, data: { lastSeq: 3 } });
    const reading = readRunEvents((await open(runId)).body!);
    await engineCommit(runId, [stepDone(1), finished()], { run: { status: "succeeded", finishedAt: new Date() } });
    const { events, ended } = await reading;
    expect(ended).toBe(true);
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [1, "run.queued"],
      [2, "run.started"],
      [3, "unreadable"],
      [4, "step.succeeded"],
      [5, "run.finished"],
    ]);
    expect(events[2]).toMatchObject({
      data: { type: "step.teleported", reason: expect.stringMatching(/not an event type/) },
    });
  });

  it("takes Last-Event-ID from the query too, and answers 204 once a finished run has nothing more to send", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    await engineCommit(runId, [stepDone(1), finished()], { run: { status: "succeeded" } });
    const replay = await readRunEvents((await open(runId, { lastEventId: 1, viaQuery: true })).body!);
    expect(seqs(replay.events)).toEqual([2, 3]);
    const done = await open(runId, { lastEventId: 3 });
    expect(done.status).toBe(204);
  });

  it("a client disconnected at random points and reconnecting with Last-Event-ID ends with exactly the database's events", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 6 }),
        async (batches, stops) => {
          const runId = await queuedRun(routineId, { startedById: operatorId });
          let n = 0;
          const engine = (async () => {
            for (const size of batches) {
              await new Promise((resolve) => setTimeout(resolve, 1));
              await engineCommit(
                runId,
                Array.from({ length: size }, () => stepDone(++n)),
              );
            }
            await engineCommit(runId, [finished()], { run: { status: "succeeded" } });
          })();
          const received: number[] = [];
          for (let attempt = 0; ; attempt += 1) {
            const response = await open(runId, { lastEventId: received.at(-1) ?? 0 });
            if (response.status === 204) break;
            expect(response.status).toBe(200);
            const result = await readRunEvents(response.body!, { stopAfter: stops[attempt] });
            received.push(...seqs(result.events));
            if (result.ended || result.events.at(-1)?.type === "run.finished") break;
          }
          await engine;
          expect(received).toEqual((await storedEvents(runId)).map(([seq]) => seq));
          expect(runEventBus.listenerCount(runId)).toBe(0);
        },
      ),
      { numRuns: 15 },
    );
  }, 60_000);

  it("answers 404 to a viewer without access, exactly as for an unknown run, and 401 without credentials", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    for (const token of [author, reviewer]) {
      const response = await open(runId, { token });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "That run does not exist, or you do not have access to it." });
    }
    expect((await open("no-such-run")).status).toBe(404);
    const anonymous = await streamRunEvents(apiRequest(`/api/runs/${runId}/events`), runId, deps());
    expect(anonymous.status).toBe(401);
    expect(runEventBus.listenerCount(runId)).toBe(0);
  });

  it("lets the author who started a run follow it over the session cookie", async () => {
    await as("author");
    const authorRun = await queuedRun(routineId, { startedById: await demoUserId("author") });
    const response = await streamRunEvents(apiRequest(`/api/runs/${authorRun}/events`), authorRun, deps());
    expect(response.status).toBe(200);
    await engineCommit(authorRun, [finished()], { run: { status: "succeeded" } });
    expect(seqs((await readRunEvents(response.body!)).events)).toEqual([1, 2]);
    await as("anonymous");
  });

  it("caps one user's open streams (1,000 attempts: the cap get streams, the rest a clear 429) and frees a slot on every close", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    const limited = deps(20);
    const aborts: AbortController[] = [];
    const statuses: number[] = [];
    const bodies: ReadableStream<Uint8Array>[] = [];
    for (let index = 0; index < 1000; index += 1) {
      const abort = new AbortController();
      const response = await open(runId, { signal: abort.signal }, limited);
      statuses.push(response.status);
      if (response.status === 200) {
        aborts.push(abort);
        bodies.push(response.body!);
      } else if (index === 999) {
        expect(response.headers.get("retry-after")).toBe("5");
        expect((await response.json()).error).toMatch(/20 live run streams open already/);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(980);
    expect(limited.limiter.openCount(operatorId)).toBe(20);
    expect(runEventBus.listenerCount(runId)).toBe(20);
    // Other users are not affected by one user's cap.
    const adminToken = await tokenOf("admin");
    // Closed by hand: a signal from AbortSignal.timeout that nothing holds can be collected before it fires (the
    // request only follows it weakly), leaving this stream open under memory pressure.
    const adminAbort = new AbortController();
    expect((await open(runId, { token: adminToken, signal: adminAbort.signal }, limited)).status).toBe(200);
    adminAbort.abort();

    // Closed three ways: the client aborts, the reader cancels, the run finishes.
    aborts.slice(0, 5).forEach((abort) => abort.abort());
    await Promise.all(bodies.slice(5, 10).map((body) => body.cancel()));
    await vi.waitFor(() => expect(limited.limiter.openCount(operatorId)).toBe(10));
    const readers = bodies.slice(10).map((body) => readRunEvents(body));
    await engineCommit(runId, [finished()], { run: { status: "succeeded" } });
    await Promise.all(readers);
    await vi.waitFor(() => expect(limited.limiter.openCount(operatorId)).toBe(0));
    expect(runEventBus.listenerCount(runId)).toBe(0);
  }, 90_000);
});

describe("GET /api/runs/events", () => {
  it("sends status changes of the runs the viewer may see, and nothing of the others", async () => {
    const bus = new RunEventBus();
    const streamDeps = { bus, limiter: new StreamLimiter(5) };
    const authorId = await demoUserId("author");
    const mine = await queuedRun(routineId, { startedById: authorId });
    const theirs = await queuedRun(routineId, { startedById: operatorId });
    const abort = new AbortController();
    const response = await streamRunStatuses(
      apiRequest("/api/runs/events", { token: author, signal: abort.signal }),
      streamDeps,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const event = (runId: string, seq: number, type: "run.started" | "step.succeeded") =>
      type === "run.started"
        ? { runId, seq, at: "2026-11-01T00:00:00.000Z", type, data: { resumed: false } }
        : {
            runId,
            seq,
            at: "2026-11-01T00:00:00.000Z",
            type,
            data: { stepRunId: "s", stepId: "x", iteration: 1, durationMs: 1 },
          };
    bus.publish(theirs, [event(theirs, 2, "run.started")] as never);
    bus.publish(mine, [event(mine, 2, "step.succeeded"), event(mine, 3, "run.started")] as never);
    let text = "";
    while (!text.includes("event: status")) text += decoder.decode((await reader.read()).value);
    // The stream opens with a reconnect hint (so the browser sees it open at once), then only the visible run's status.
    expect(text).toBe(
      `retry: 2000\n\nevent: status\ndata: ${JSON.stringify({ runId: mine, status: "running", seq: 3, at: "2026-11-01T00:00:00.000Z" })}\n\n`,
    );
    abort.abort();
    expect((await reader.read()).done).toBe(true);
    expect(streamDeps.limiter.openCount(authorId)).toBe(0);
  });
});
