import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runEventBus } from "../../events";
import { streamRunEvents } from "../run-events-api";
import { apiRequest, tokenOf } from "./api-test-support";
import { seedDatabase } from "../../demo/seed";
import { demoUserId } from "../../db/testing/review-test-support";
import { publishedRoutine, queuedRun } from "../../runs/store/testing/run-test-support";
import { prisma } from "../../db/core";
import { createSharedStreamLimiter, refreshStreamSlots, STREAM_SLOT_STALE_MS } from "../../db/stream-slots";

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

// Two web server processes: each has its own limiter (its own process id), both count the same table.
const webA = createSharedStreamLimiter(2, { processId: "host-a/101/aaaa" });
const webB = createSharedStreamLimiter(2, { processId: "host-b/202/bbbb" });
afterAll(() => [webA, webB].forEach((limiter) => limiter.stop()));

const open = (runId: string, limiter: typeof webA, signal?: AbortSignal) =>
  streamRunEvents(apiRequest(`/api/runs/${runId}/events`, { token: operator, signal }), runId, {
    bus: runEventBus,
    limiter,
  });

describe("the per-user cap on live run streams", () => {
  it("holds across web server processes: streams open on one count on the other, and a closed one frees a slot", async () => {
    const runId = await queuedRun(routineId, { startedById: operatorId });
    const first = new AbortController();
    expect((await open(runId, webA, first.signal)).status).toBe(200);
    expect((await open(runId, webB)).status).toBe(200);
    const refused = await open(runId, webA);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/2 live run streams open already/);
    expect((await open(runId, webB)).status).toBe(429);

    first.abort();
    await vi.waitFor(() => expect(webA.openCount(operatorId)).toBe(0), { timeout: 5_000, interval: 10 });
    await vi.waitFor(async () => expect(await prisma.streamSlot.count({ where: { userId: operatorId } })).toBe(1));
    expect((await open(runId, webB)).status).toBe(200);
  });

  it("stops counting the streams of a process that died, once its slots go stale", async () => {
    const userId = await demoUserId("reviewer");
    const dead = createSharedStreamLimiter(1, { processId: "host-c/303/cccc" });
    dead.stop();
    expect(await dead.tryAcquire(userId)).not.toBeNull();
    const alive = createSharedStreamLimiter(1, { processId: "host-d/404/dddd" });
    try {
      expect(await alive.tryAcquire(userId)).toBeNull();
      // The dead process never refreshes its slot; a living one's refresh clears it once it is stale.
      await refreshStreamSlots([], new Date(Date.now() + STREAM_SLOT_STALE_MS + 1));
      expect(await alive.tryAcquire(userId)).not.toBeNull();
    } finally {
      alive.stop();
    }
  });
});
