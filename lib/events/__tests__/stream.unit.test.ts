import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventLog, runFinished, stepDone } from "../testing/fake-event-log";
import { openLogStream, range, seqs } from "../testing/open-stream";
import { readRunEvents } from "../testing/sse-reader";

const open = openLogStream;

afterEach(() => vi.useRealTimers());

describe("the run event stream", () => {
  it("replays stored events after Last-Event-ID in pages, then tails live ones, and ends after run.finished", async () => {
    const log = new FakeEventLog();
    log.commit(range(1, 7).map(stepDone));
    const { body, onClose } = open(log, 2);
    const reading = readRunEvents(body);
    await vi.waitFor(() => expect(log.pageReads).toBeGreaterThanOrEqual(2));
    log.commitAndPublish([stepDone(8), stepDone(9)]);
    log.commitAndPublish([runFinished()]);
    const { events, ended } = await reading;
    expect(seqs(events)).toEqual(range(3, 10));
    expect(events.at(-1)?.type).toBe("run.finished");
    expect(ended).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(log.bus.listenerCount(log.runId)).toBe(0);
  });

  it("sends the events one commit published as one chunk, not one write per event", async () => {
    const log = new FakeEventLog();
    const { body } = open(log, 0);
    const reader = body.getReader();
    const decoder = new TextDecoder();
    await vi.waitFor(() => expect(log.pageReads).toBe(1));
    expect(decoder.decode((await reader.read()).value)).toMatch(/^retry: /);
    log.commitAndPublish([stepDone(1), stepDone(2), stepDone(3)]);
    const chunk = decoder.decode((await reader.read()).value);
    expect(chunk.match(/^id: \d+$/gm)).toEqual(["id: 1", "id: 2", "id: 3"]);
    await reader.cancel();
  });

  it("sends an event committed during the replay once, whether the page or the bus delivers it first", async () => {
    const log = new FakeEventLog();
    log.commit(range(1, 4).map(stepDone));
    let reads = 0;
    // The first page read sees 1–4; meanwhile the engine commits and publishes 5 and 6 (both in the table and the
    // buffer by the time the second page is read).
    const loadPage = async (after: number, limit: number) => {
      const page = await log.loadPage(after, limit);
      if (++reads === 1) log.commitAndPublish([stepDone(5), stepDone(6)]);
      return page;
    };
    const { body } = open(log, 0, { loadPage });
    const reading = readRunEvents(body);
    await vi.waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
    log.commitAndPublish([runFinished()]);
    expect(seqs((await reading).events)).toEqual(range(1, 7));
  });

  it("reads from the table what a live batch skipped over (a notification lost or late)", async () => {
    const log = new FakeEventLog();
    const { body } = open(log, 0);
    const reading = readRunEvents(body);
    await vi.waitFor(() => expect(log.pageReads).toBe(1));
    log.commitAndPublish([stepDone(1)]);
    log.commit([stepDone(2), stepDone(3)]);
    log.commitAndPublish([stepDone(4)]);
    log.commitAndPublish([runFinished()]);
    expect(seqs((await reading).events)).toEqual(range(1, 5));
  });

  it("stops at once when the client goes away: unsubscribed, timer cleared, closed once", async () => {
    vi.useFakeTimers();
    const log = new FakeEventLog();
    log.commit([stepDone(1)]);
    const { body, abort, onClose } = open(log, 0, { limits: { keepAliveMs: 15_000 } });
    const comments: string[] = [];
    const reading = readRunEvents(body, { onComment: (comment) => comments.push(comment) });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(comments).toEqual(["keep-alive"]);
    expect(log.bus.listenerCount(log.runId)).toBe(1);
    abort.abort();
    const { events, ended } = await reading;
    expect(seqs(events)).toEqual([1]);
    expect(ended).toBe(true);
    expect(log.bus.listenerCount(log.runId)).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes when the reader cancels the body", async () => {
    const log = new FakeEventLog();
    log.commit(range(1, 5).map(stepDone));
    const { body, onClose } = open(log, 0);
    const { events, ended } = await readRunEvents(body, { stopAfter: 2 });
    expect(seqs(events)).toEqual([1, 2]);
    expect(ended).toBe(false);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(log.bus.listenerCount(log.runId)).toBe(0);
  });

  it("ends after the replay of a run that had already finished, even without a run.finished event to see", async () => {
    const log = new FakeEventLog();
    log.commit(range(1, 3).map(stepDone));
    const { body } = open(log, 1, { finishedAtSeq: 3 });
    const { events, ended } = await readRunEvents(body);
    expect(seqs(events)).toEqual([2, 3]);
    expect(ended).toBe(true);
  });

  it("ignores other runs' events and closes with an error (so the client reconnects) when the table cannot be read", async () => {
    const log = new FakeEventLog();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let fail = false;
    const loadPage = async (after: number, limit: number) => {
      if (fail) throw new Error("database is locked");
      return log.loadPage(after, limit);
    };
    const { body, onClose } = open(log, 0, { loadPage });
    const reading = readRunEvents(body);
    await vi.waitFor(() => expect(log.pageReads).toBe(1));
    log.bus.publish(log.runId, [{ ...log.commit([stepDone(1)])[0], runId: "someone-else" }]);
    fail = true;
    log.commit([stepDone(2)]);
    log.commitAndPublish([stepDone(3)]);
    await expect(reading).rejects.toThrow(/database is locked/);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("a client disconnected at random points and reconnecting with its last id ends with exactly the table's events", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }),
        async (batches, stops) => {
          const log = new FakeEventLog();
          log.slow = true;
          let n = 0;
          const engine = (async () => {
            for (const size of batches) {
              await new Promise((resolve) => setTimeout(resolve, 0));
              log.commitAndPublish(Array.from({ length: size }, () => stepDone(++n)));
            }
            log.commitAndPublish([runFinished()]);
          })();
          const received: number[] = [];
          let ended = false;
          for (let attempt = 0; !ended; attempt += 1) {
            const { body } = open(log, received.at(-1) ?? 0);
            const result = await readRunEvents(body, {
              stopAfter: attempt < stops.length ? stops[attempt] : undefined,
            });
            received.push(...seqs(result.events));
            // Like the run view: run.finished is the last word, whether or not the server's close was read.
            ended = result.ended || result.events.at(-1)?.type === "run.finished";
          }
          await engine;
          expect(received).toEqual(seqs(log.events));
          expect(log.bus.listenerCount(log.runId)).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });
});
