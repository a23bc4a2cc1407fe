import { describe, expect, it } from "vitest";
import { checkEventInput, isFinished, parseRunEvent, type RunEvent } from "../run-events";
import { encodeSseEvent, lastEventIdOf } from "../sse";

const stored: RunEvent = {
  runId: "r1",
  seq: 7,
  at: "2026-11-23T12:00:00.000Z",
  type: "step.failed",
  data: { stepRunId: "sr1", stepId: "check", iteration: 1, error: "Unknown employee", durationMs: 12 },
};

describe("run events", () => {
  it("parses what it encodes, and refuses what is not an event", () => {
    const line = encodeSseEvent(stored);
    expect(line.startsWith("id: 7\n")).toBe(true);
    const data = line
      .split("\n")
      .find((part) => part.startsWith("data: "))!
      .slice(6);
    expect(parseRunEvent(JSON.parse(data))).toEqual(stored);
    expect(parseRunEvent({ ...stored, type: "step.exploded" })).toBeNull();
    expect(parseRunEvent({ ...stored, data: { stepId: "check" } })).toBeNull();
  });

  it("fills defaults and names the field of a malformed event before it is written", () => {
    expect(checkEventInput({ type: "run.started", data: {} })).toEqual({
      type: "run.started",
      data: { resumed: false },
    });
    expect(() =>
      checkEventInput({ type: "step.succeeded", data: { stepRunId: "x", stepId: "y", iteration: 0, durationMs: 1 } }),
    ).toThrow(/iteration/);
  });

  it("knows which statuses are final", () => {
    expect(["succeeded", "failed", "cancelled"].every((status) => isFinished(status as never))).toBe(true);
    expect(isFinished("waiting")).toBe(false);
  });

  it("reads Last-Event-ID from the header or the query, and ignores nonsense", () => {
    expect(lastEventIdOf(new Request("http://x/e", { headers: { "Last-Event-ID": "12" } }))).toBe(12);
    expect(lastEventIdOf(new Request("http://x/e?lastEventId=5"))).toBe(5);
    expect(lastEventIdOf(new Request("http://x/e", { headers: { "Last-Event-ID": "-3" } }))).toBe(0);
    expect(lastEventIdOf(new Request("http://x/e"))).toBe(0);
  });
});

describe("RunEventBus", () => {
  it("delivers a run's events to its listeners and to all-run listeners, and stops on unsubscribe", async () => {
    const { RunEventBus } = await import("../bus");
    const bus = new RunEventBus();
    const mine: number[] = [];
    const all: string[] = [];
    const stop = bus.subscribe("r1", (events) => mine.push(...events.map((event) => event.seq)));
    bus.subscribeAll((events) => all.push(...events.map((event) => event.runId)));
    bus.publish("r1", [stored]);
    bus.publish("r2", [{ ...stored, runId: "r2" }]);
    stop();
    bus.publish("r1", [{ ...stored, seq: 8 }]);
    expect(mine).toEqual([7]);
    expect(all).toEqual(["r1", "r2", "r1"]);
    expect(bus.listenerCount("r1")).toBe(0);
  });

  it("drops a listener that throws, and keeps delivering to the others", async () => {
    const { RunEventBus } = await import("../bus");
    const bus = new RunEventBus();
    const seen: number[] = [];
    const quiet = console.error;
    console.error = () => {};
    try {
      bus.subscribe("r1", () => {
        throw new Error("boom");
      });
      bus.subscribe("r1", (events) => seen.push(events[0].seq));
      bus.publish("r1", [stored]);
      bus.publish("r1", [{ ...stored, seq: 8 }]);
    } finally {
      console.error = quiet;
    }
    expect(seen).toEqual([7, 8]);
    expect(bus.listenerCount("r1")).toBe(1);
  });
});
