import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "../../../events";
import { connectRunStream, EVENT_SOURCE_CLOSED, type EventSourceLike } from "../run-stream-client";
import { createRunViewStore } from "../run-view-store";
import { eventsFrom, happyStart, ref, snapshotOf } from "./run-view-factories";

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners: ((event: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {}
  addEventListener(_type: "run", listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
    this.readyState = EVENT_SOURCE_CLOSED;
  }
  emit(...events: RunEvent[]) {
    this.readyState = 1;
    for (const event of events)
      for (const listener of this.listeners) listener({ data: JSON.stringify(event) } as MessageEvent<string>);
  }
  fail(closed: boolean) {
    this.readyState = closed ? EVENT_SOURCE_CLOSED : 0;
    this.onerror?.(new Event("error"));
  }
}

function harness(historyUntil = 0) {
  const sources: FakeEventSource[] = [];
  const store = createRunViewStore(snapshotOf(undefined, { lastSeq: historyUntil }));
  const client = connectRunStream({
    url: "/api/runs/run-1/events",
    store,
    historyUntil,
    open: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    minDelayMs: 100,
  });
  return { store, client, sources, latest: () => sources[sources.length - 1]! };
}

afterEach(() => vi.useRealTimers());

describe("the run view's stream client", () => {
  it("folds the history up to the snapshot's seq in one update, then applies live events one at a time", () => {
    const events = eventsFrom(1, happyStart());
    const { store, latest } = harness(6);
    expect(latest().url).toBe("/api/runs/run-1/events?lastEventId=0");
    let updates = 0;
    store.subscribe(() => (updates += 1));
    latest().emit(...events.slice(0, 5));
    expect(updates).toBe(0);
    latest().emit(events[5]!);
    expect(updates).toBe(1);
    expect(store.getState().steps.lookup.state).toBe("succeeded");
    latest().emit(events[6]!, events[7]!);
    expect(updates).toBe(3);
    expect(store.getState().steps.check.state).toBe("running");
  });

  it("reopens from the last applied seq when the server closes the stream or events skip ahead", () => {
    vi.useFakeTimers();
    const events = eventsFrom(1, happyStart());
    const { store, sources, latest } = harness();
    latest().emit(...events.slice(0, 4));
    latest().fail(false);
    expect(store.getState().connection).toBe("reconnecting");
    expect(sources).toHaveLength(1);
    latest().fail(true);
    vi.advanceTimersByTime(100);
    expect(sources).toHaveLength(2);
    expect(latest().url).toBe("/api/runs/run-1/events?lastEventId=4");
    latest().emit(events[6]!);
    expect(sources[1]!.closed).toBe(true);
    vi.advanceTimersByTime(0);
    expect(latest().url).toBe("/api/runs/run-1/events?lastEventId=4");
    latest().emit(...events.slice(4));
    expect(store.getState().lastSeq).toBe(events.length);
  });

  it("closes after run.finished, looks for a revival now and then, and reopens at once when woken", () => {
    vi.useFakeTimers();
    const { store, sources, latest } = harness();
    latest().emit(
      ...eventsFrom(1, [
        { type: "run.started", data: {} },
        { type: "step.started", data: { ...ref("lookup"), attempt: 1 } },
      ]),
    );
    latest().emit(
      ...eventsFrom(3, [
        {
          type: "run.finished",
          data: { status: "failed", error: "boom", durationMs: 1, inputTokens: 0, outputTokens: 0 },
        },
      ]),
    );
    expect(latest().closed).toBe(true);
    expect(store.getState().connection).toBe("ended");
    vi.advanceTimersByTime(14_000);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(2);
    expect(latest().url).toBe("/api/runs/run-1/events?lastEventId=3");
    // Nothing new (the server's 204 closes the stream): still ended, and it looks again later.
    latest().fail(true);
    expect(store.getState().connection).toBe("ended");
    store.getState().wakeStream();
    vi.advanceTimersByTime(0);
    expect(sources).toHaveLength(3);
    latest().emit(
      ...eventsFrom(4, [
        { type: "step.intervention", data: { ...ref("lookup"), by: "Olive", action: "retried" } },
        { type: "run.status", data: { status: "queued" } },
      ]),
    );
    expect(store.getState().connection).toBe("live");
    expect(store.getState().header.status).toBe("queued");
    expect(store.getState().steps.lookup.state).toBe("pending");
  });

  it("lists an event it cannot read in its place, skips what is no event, and close() stops everything", () => {
    vi.useFakeTimers();
    const { store, client, sources, latest } = harness();
    latest().emit({ hello: "world" } as unknown as RunEvent);
    expect(store.getState().lastSeq).toBe(0);
    latest().emit({ runId: "run-1", seq: 1, at: "x", type: "step.exploded", data: {} } as unknown as RunEvent);
    expect(store.getState().lastSeq).toBe(1);
    expect(store.getState().unreadableEvents).toMatchObject([{ seq: 1, type: "step.exploded" }]);
    client.close();
    expect(latest().closed).toBe(true);
    latest().fail(true);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
  });
});
