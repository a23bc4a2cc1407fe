import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "../run-events";
import { encodeSseEvent } from "../sse";
import { createRunStatusStream } from "../status-stream";
import type { RunEventStreamOptions } from "../stream";
import { DEFAULT_STREAM_LIMITS, streamLimitsFromEnv } from "../stream-limits";
import { FakeEventLog, runFinished, stepDone } from "../testing/fake-event-log";
import { openLogStream, range, seqs } from "../testing/open-stream";
import { readRunEvents } from "../testing/sse-reader";

const soon = { timeout: 3_000, interval: 5 };
const open = (log: FakeEventLog, afterSeq: number, extra: Partial<RunEventStreamOptions> = {}) =>
  openLogStream(log, afterSeq, { pageSize: 10, ...extra });

afterEach(() => vi.useRealTimers());

describe("a run's stream produces only as fast as its client reads", () => {
  it("a client that stops reading makes it read only the pages its buffer needs, then it is cut off", async () => {
    const log = new FakeEventLog();
    log.commit(range(1, 1_000).map(stepDone));
    const maxBufferedBytes = 2_048;
    const { body, onClose } = open(log, 0, { limits: { maxBufferedBytes, stallMs: 60 } });
    const reader = body.getReader();
    await reader.read();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), soon);
    const eventBytes = encodeSseEvent(log.events[0]!).length;
    // The buffer's worth, plus the page it came from and the one being read when the buffer filled.
    expect(log.pageReads).toBeLessThanOrEqual(Math.ceil(maxBufferedBytes / eventBytes / 10) + 2);
    await expect(reader.read()).rejects.toThrow(/stopped reading/);
    expect(log.bus.listenerCount(log.runId)).toBe(0);
  });

  it("writes no keep-alive while what it sent waits unread", async () => {
    vi.useFakeTimers();
    const log = new FakeEventLog();
    const { body } = open(log, 0, { limits: { keepAliveMs: 1_000 } });
    const reader = body.getReader();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("retry: 2000\n\n");
    let next = false;
    void reader.read().then(() => (next = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(next).toBe(true);
    await reader.cancel();
  });

  it("a client behind a busy run still gets every event in order: live events past the cap are read back from the table", async () => {
    const log = new FakeEventLog();
    const { body } = open(log, 0, { limits: { maxPendingEvents: 3, maxBufferedBytes: 64 } });
    const reader = body.getReader();
    await reader.read();
    for (let n = 1; n <= 30; n += 1) log.commitAndPublish([stepDone(n)]);
    log.commitAndPublish([runFinished()]);
    reader.releaseLock();
    const { events, ended } = await readRunEvents(body);
    expect(seqs(events)).toEqual(range(1, 31));
    expect(ended).toBe(true);
    expect(log.pageReads).toBeGreaterThan(1);
  });
});

describe("a run's stream ends by its limits, and the client resumes with its last id", () => {
  it("ends cleanly after idleMs without an event", async () => {
    const log = new FakeEventLog();
    log.commit([stepDone(1), stepDone(2)]);
    const first = open(log, 0, { limits: { idleMs: 80 } });
    const { events, ended } = await readRunEvents(first.body);
    expect([seqs(events), ended]).toEqual([[1, 2], true]);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(log.bus.listenerCount(log.runId)).toBe(0);
    log.commit([stepDone(3), runFinished()]);
    expect(seqs((await readRunEvents(open(log, 2).body)).events)).toEqual([3, 4]);
  });

  it("ends after maxLifetimeMs even while events keep coming", async () => {
    const log = new FakeEventLog();
    const { body } = open(log, 0, { limits: { maxLifetimeMs: 100 } });
    const engine = setInterval(() => log.commitAndPublish([stepDone(log.events.length + 1)]), 5);
    try {
      const { events, ended } = await readRunEvents(body);
      expect(ended).toBe(true);
      expect(seqs(events)).toEqual(range(1, events.length));
      const resumed = await readRunEvents(open(log, events.length).body, { stopAfter: 1 });
      expect(resumed.events[0]?.seq).toBe(events.length + 1);
    } finally {
      clearInterval(engine);
    }
  });
});

describe("a stream checks its viewer again while open", () => {
  it("is cut off once the re-check refuses, or fails", async () => {
    for (const [recheck, message] of [
      [async () => false, /no longer/],
      [async () => Promise.reject(new Error("database is locked")), /could not be checked/],
    ] as const) {
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const log = new FakeEventLog();
      let allowed = true;
      const { body, onClose } = open(log, 0, {
        limits: { recheckMs: 10 },
        recheck: () => (allowed ? Promise.resolve(true) : recheck()),
      });
      const reading = readRunEvents(body);
      log.commitAndPublish([stepDone(1)]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onClose).not.toHaveBeenCalled();
      allowed = false;
      await expect(reading).rejects.toThrow(message);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(log.bus.listenerCount(log.runId)).toBe(0);
      errors.mockRestore();
    }
  });
});

describe("the runs status stream", () => {
  const started = (runId: string) =>
    ({ runId, seq: 2, at: "2026-11-01T00:00:00.000Z", type: "run.started", data: { resumed: false } }) as RunEvent;

  function openStatuses(
    limits: Parameters<typeof createRunStatusStream>[0]["limits"],
    recheck?: () => Promise<boolean>,
  ) {
    const listeners = new Set<(events: RunEvent[]) => void>();
    const onClose = vi.fn();
    const body = createRunStatusStream({
      subscribeAll: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      mayView: async () => true,
      signal: new AbortController().signal,
      limits,
      recheck,
      onClose,
    });
    return { body, onClose, listeners, publish: (event: RunEvent) => listeners.forEach((l) => l([event])) };
  }

  it("cuts off a client that falls maxPendingEvents behind", async () => {
    const { body, onClose, listeners, publish } = openStatuses({ maxPendingEvents: 5, maxBufferedBytes: 64 });
    const reader = body.getReader();
    for (let n = 0; n < 20; n += 1) publish(started(`run-${n}`));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), soon);
    expect(listeners.size).toBe(0);
    await expect(reader.read()).rejects.toThrow(/stopped reading/);
  });

  it("sends a client that is behind only each run's latest status", async () => {
    const { body, publish } = openStatuses({});
    publish(started("run-a"));
    publish({ ...started("run-b"), seq: 2 });
    publish({
      runId: "run-a",
      seq: 9,
      at: "2026-11-01T00:00:01.000Z",
      type: "run.finished",
      data: { status: "succeeded", durationMs: 1, inputTokens: 0, outputTokens: 0 },
    });
    const reader = body.getReader();
    let text = "";
    while ((text.match(/event: status/g) ?? []).length < 2)
      text += new TextDecoder().decode((await reader.read()).value);
    const statuses = text.split("\n").filter((line) => line.startsWith("data: "));
    expect(statuses.map((line) => JSON.parse(line.slice(6)))).toMatchObject([
      { runId: "run-b", status: "running" },
      { runId: "run-a", status: "succeeded", seq: 9 },
    ]);
    await reader.cancel();
  });

  it("ends once the re-check refuses", async () => {
    let allowed = true;
    const { body, onClose, listeners } = openStatuses({ recheckMs: 10 }, async () => allowed);
    const reader = body.getReader();
    await reader.read();
    allowed = false;
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), soon);
    expect(listeners.size).toBe(0);
    await expect(reader.read()).rejects.toThrow(/no longer/);
  });
});

describe("stream limits from the environment", () => {
  it("reads positive numbers and keeps the default for anything else", () => {
    expect(streamLimitsFromEnv({})).toEqual(DEFAULT_STREAM_LIMITS);
    const limits = streamLimitsFromEnv({
      RUN_STREAM_BUFFER_BYTES: "65536",
      RUN_STREAM_STALL_SECONDS: "12.5",
      RUN_STREAM_IDLE_SECONDS: "-3",
      RUN_STREAM_LIFETIME_SECONDS: "soon",
      RUN_STREAM_RECHECK_SECONDS: " ",
    });
    expect(limits).toEqual({ ...DEFAULT_STREAM_LIMITS, maxBufferedBytes: 65_536, stallMs: 12_500 });
  });
});
