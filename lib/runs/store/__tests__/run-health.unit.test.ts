import { describe, expect, it } from "vitest";
import { assessHealth, STALE_QUEUE_SECONDS, type HealthObservation } from "../run-health";

// The verdict a load balancer acts on, from what the checks saw.

const now = new Date("2026-11-20T12:00:00Z");
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const observed = (queued: number, oldestSeconds: number | null, workersSeen: number): HealthObservation => ({
  database: { ok: true, latencyMs: 2 },
  queueAndWorkers: {
    queued,
    oldestQueuedAt: oldestSeconds === null ? null : secondsAgo(oldestSeconds),
    workersSeen,
  },
});

describe("assessHealth", () => {
  it("is ok with an empty queue, whether or not a worker is seen (a web server with RUN_WORKER=off)", () => {
    expect(assessHealth(observed(0, null, 2), now)).toEqual({
      status: "ok",
      checks: {
        database: { ok: true, latencyMs: 2 },
        queue: { ok: true, queued: 0, oldestQueuedSeconds: null },
        workers: { ok: true, seenRecently: 2 },
      },
    });
    const alone = assessHealth(observed(0, null, 0), now);
    expect(alone.status).toBe("ok");
    expect(alone.checks.workers).toEqual({ ok: false, seenRecently: 0, reason: expect.any(String) });
  });

  it("is degraded only when runs waited past the threshold with no worker seen", () => {
    expect(assessHealth(observed(3, STALE_QUEUE_SECONDS, 0), now).status).toBe("ok");
    const stuck = assessHealth(observed(3, STALE_QUEUE_SECONDS + 1, 0), now);
    expect(stuck.status).toBe("degraded");
    expect(stuck.checks.queue).toEqual({
      ok: false,
      queued: 3,
      oldestQueuedSeconds: STALE_QUEUE_SECONDS + 1,
      reason: expect.stringContaining(`${STALE_QUEUE_SECONDS} s`),
    });
    // A backlog that workers are working through is not stuck.
    expect(assessHealth(observed(500, 3_600, 1), now).status).toBe("ok");
    expect(assessHealth(observed(3, 90, 0), now, 120).status).toBe("ok");
  });

  it("is down when the database does not answer, and checks nothing else", () => {
    const report = assessHealth({ database: { ok: false, reason: "the database does not answer" } }, now);
    expect(report.status).toBe("down");
    expect(report.checks.queue.ok).toBe(false);
    expect(report.checks.workers.ok).toBe(false);
  });
});
