import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunEventStream, runEventBus, type RunEventInput } from "../../../events";
import { seedDatabase } from "../../../demo/seed";
import { demoUserId } from "../../../db/testing/review-test-support";
import { readEventsAfter, startRunEventRelay, stopRunEventRelay } from "../run-event-relay";
import { writeRuns } from "../run-database";
import { applyRunChange } from "../run-writes";
import { publishedRoutine, queuedRun } from "../testing/run-test-support";

let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("author") }));
  startRunEventRelay({ ...process.env, RUN_EVENT_POLL_MS: "20" });
});
afterAll(() => stopRunEventRelay());

/** Commits events the way a worker in another process does: stored in the tables, never published on this bus. */
async function commitElsewhere(runId: string, events: RunEventInput[]): Promise<void> {
  await writeRuns(() => applyRunChange(runId, {}, events, { owner: null }));
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<number[]> {
  const text = await new Response(body).text();
  return [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
}

describe("a run executed by another process", () => {
  it("is followed live by a stream in this one: every event after Last-Event-ID, once, in order, to run.finished", async () => {
    const runId = await queuedRun(routineId);
    const abort = new AbortController();
    const body = createRunEventStream({
      runId,
      afterSeq: 0,
      loadPage: (after, limit) => readEventsAfter(runId, after, limit),
      subscribe: (listener) => runEventBus.subscribe(runId, listener),
      signal: abort.signal,
    });
    const seqs = readAll(body);
    await commitElsewhere(runId, [{ type: "run.started", data: {} } as RunEventInput]);
    for (let step = 0; step < 5; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      await commitElsewhere(runId, [
        { type: "run.status", data: { status: "running", reason: `step ${step}` } } as RunEventInput,
      ]);
    }
    await commitElsewhere(runId, [
      {
        type: "run.finished",
        data: { status: "succeeded", outputs: {}, durationMs: 90, inputTokens: 0, outputTokens: 0 },
      } as RunEventInput,
    ]);
    // The queued event (seq 1), the start, five steps and the finish: the stream ends by itself after run.finished.
    expect(await seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
