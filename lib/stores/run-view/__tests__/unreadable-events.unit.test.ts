import { describe, expect, it } from "vitest";
import { readStoredRunEvent, type StoredRunEvent } from "../../../events";
import fixture from "../../../events/testing/stored-events.json";
import { connectRunStream, type EventSourceLike } from "../run-stream-client";
import { createRunViewStore } from "../run-view-store";
import { eventsFrom, happyStart, snapshotOf } from "./run-view-factories";

const stored = (seq: number, type: string, payload: unknown): StoredRunEvent =>
  readStoredRunEvent({ runId: "run-1", seq, at: "2026-11-01T00:01:00.000Z", type, payload: JSON.stringify(payload) });

describe("the run view and events that could not be read", () => {
  it("shows the run with the events it could read and lists the others with their reasons, without a gap", () => {
    const store = createRunViewStore(snapshotOf());
    const events = eventsFrom(1, happyStart());
    const unknownType = stored(events.length + 1, "step.exploded", { _v: 1, stepId: "lookup" });
    const futureVersion = stored(events.length + 2, "step.succeeded", { _v: 9, stepId: "approve" });
    const after = eventsFrom(events.length + 3, [{ type: "run.status", data: { status: "paused", reason: "Held." } }]);
    expect(store.getState().applyEvents([...events, unknownType, futureVersion, ...after])).toBeNull();
    const state = store.getState();
    expect(state.lastSeq).toBe(events.length + 3);
    expect(state.header.status).toBe("paused");
    expect(state.steps.lookup!.state).toBe("succeeded");
    expect(state.unreadableEvents).toEqual([
      {
        seq: events.length + 1,
        at: "2026-11-01T00:01:00.000Z",
        type: "step.exploded",
        version: null,
        reason: expect.stringMatching(/"step.exploded" is not an event type/),
      },
      {
        seq: events.length + 2,
        at: "2026-11-01T00:01:00.000Z",
        type: "step.succeeded",
        version: 9,
        reason: expect.stringMatching(/version 9 of "step.succeeded" by a newer Routine Studio/),
      },
    ]);
  });

  it("lists an event the page cannot parse in the stream instead of reopening the stream for the missing seq", () => {
    const store = createRunViewStore(snapshotOf());
    let listener: ((event: MessageEvent<string>) => void) | undefined;
    let opened = 0;
    const source: EventSourceLike = {
      readyState: 1,
      onopen: null,
      onerror: null,
      addEventListener: (_type, added) => (listener = added),
      close: () => {},
    };
    const client = connectRunStream({
      url: "/api/runs/run-1/events",
      store,
      historyUntil: 0,
      open: () => ((opened += 1), source),
    });
    const [queued, started] = eventsFrom(1, happyStart());
    const send = (event: unknown) => listener!({ data: JSON.stringify(event) } as MessageEvent<string>);
    send(queued);
    send({ ...started, type: "run.teleported" });
    send({ ...eventsFrom(3, happyStart())[2], seq: 3 });
    client.close();
    expect(opened).toBe(1);
    expect(store.getState().lastSeq).toBe(3);
    expect(store.getState().unreadableEvents).toMatchObject([{ seq: 2, type: "run.teleported" }]);
  });

  it("folds every stored event of the fixture, of every type and version, read through the real reader", () => {
    const store = createRunViewStore(snapshotOf(undefined, { header: { ...snapshotOf().header, mode: "planned" } }));
    const events = fixture.events.map((entry, index) => stored(index + 1, entry.type, entry.payload));
    expect(store.getState().applyEvents(events)).toBeNull();
    expect(store.getState().lastSeq).toBe(fixture.events.length);
    expect(store.getState().unreadableEvents).toEqual([]);
  });
});
