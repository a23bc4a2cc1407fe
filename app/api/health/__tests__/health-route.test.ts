import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { beatRunWorker, markRunWorkerStopped } from "@/lib/db/workers";
import { publishedRoutine, queuedRun } from "@/lib/runs/store/testing/run-test-support";
import { GET } from "../route";

// GET /api/health as a load balancer calls it: no sign-in, never cached, 200 only when all is well.

type Body = {
  status: string;
  checks: Record<string, { ok: boolean; reason?: string } & Record<string, unknown>>;
};
const WORKER = { id: "worker-host/4242/abcd", host: "worker-host", pid: 4242, concurrency: 3 };

let routineId: string;
beforeAll(async () => {
  const ownerId = randomUUID();
  await prisma.user.create({ data: { id: ownerId, name: "Owner", email: `${ownerId}@example.com` } });
  ({ routineId } = await publishedRoutine({ ownerId }));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await prisma.run.updateMany({ where: { status: "queued" }, data: { status: "cancelled" } });
  await prisma.runWorkerProcess.deleteMany();
});

async function health(): Promise<{ response: Response; body: Body; text: string }> {
  const response = await GET();
  const text = await response.text();
  return { response, body: JSON.parse(text) as Body, text };
}

describe("GET /api/health", () => {
  it("answers 200 ok with each check when the database answers and a worker beats, uncached and without hosts, pids or ids", async () => {
    const runId = await queuedRun(routineId);
    await beatRunWorker(WORKER, [runId]);
    const { response, body, text } = await health();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({
      status: "ok",
      checks: {
        database: { ok: true, latencyMs: expect.any(Number) },
        queue: { ok: true, queued: 1, oldestQueuedSeconds: expect.any(Number) },
        workers: { ok: true, seenRecently: 1 },
      },
      // No OTLP endpoint here: nothing is sent, and nothing is counted as dropped.
      traces: { enabled: false, exportedSpans: 0, droppedSpans: 0, exportFailures: 0 },
    });
    for (const secret of [WORKER.host, String(WORKER.pid), WORKER.id, runId, routineId])
      expect(text).not.toContain(secret);
  });

  it("answers 503 degraded when runs have waited for minutes and no worker has been seen", async () => {
    const runId = await queuedRun(routineId);
    await prisma.run.update({ where: { id: runId }, data: { createdAt: new Date(Date.now() - 5 * 60_000) } });
    await beatRunWorker(WORKER, []);
    await markRunWorkerStopped(WORKER.id);
    const { response, body } = await health();
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.status).toBe("degraded");
    expect(body.checks.database!.ok).toBe(true);
    expect(body.checks.queue).toMatchObject({ ok: false, queued: 1, reason: expect.stringMatching(/no run worker/) });
    expect(body.checks.queue!.oldestQueuedSeconds).toBeGreaterThanOrEqual(300);
    expect(body.checks.workers).toMatchObject({ ok: false, seenRecently: 0 });
  });

  it("stays ok while the queue waits briefly or a worker is alive to take it", async () => {
    const old = await queuedRun(routineId);
    await prisma.run.update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 5 * 60_000) } });
    await beatRunWorker(WORKER, []);
    expect((await health()).response.status).toBe(200);

    await prisma.run.update({ where: { id: old }, data: { status: "cancelled" } });
    await prisma.runWorkerProcess.deleteMany();
    await queuedRun(routineId);
    const fresh = await health();
    expect(fresh.response.status).toBe(200);
    expect(fresh.body.checks.workers).toMatchObject({ ok: false, seenRecently: 0 });
  });

  it("answers 503 down when the database does not answer, without the driver's message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(prisma, "$queryRaw").mockRejectedValue(
      new Error("SQLITE_CANTOPEN: unable to open database file /secret/place/app.db"),
    );
    const { response, body, text } = await health();
    expect(response.status).toBe(503);
    expect(body.status).toBe("down");
    expect(body.checks.database).toEqual({ ok: false, reason: "the database does not answer" });
    expect(body.checks.queue!.ok).toBe(false);
    expect(body.checks.workers!.ok).toBe(false);
    expect(text).not.toContain("/secret/place");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("database"));
  });
});
