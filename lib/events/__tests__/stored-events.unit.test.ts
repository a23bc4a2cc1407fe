import { describe, expect, it } from "vitest";
import { EVENT_VERSIONS, type EventTypeVersions, type EventVersionRegistry } from "../event-versions";
import { RUN_EVENT_TYPES, type RunEventInput } from "../run-events";
import {
  readStoredRunEvent,
  readStreamedRunEvent,
  storedEventPayload,
  type StoredRunEvent,
  type UnreadableRunEvent,
} from "../stored-events";
import fixture from "../testing/stored-events.json";

type FixtureEntry = { type: string; version: number; payload: Record<string, unknown>; data: unknown };
const entries = fixture.events as FixtureEntry[];
const AT = "2026-11-29T09:00:00.000Z";

const row = (type: string, payload: unknown, seq = 1) => ({
  runId: "run-1",
  seq,
  at: AT,
  type,
  payload: typeof payload === "string" ? payload : JSON.stringify(payload),
});

function reasonOf(event: StoredRunEvent): string {
  expect(event.type).toBe("unreadable");
  return (event as UnreadableRunEvent).data.reason;
}

describe("the stored-events fixture", () => {
  it("replays every stored event through the reader as its type's current data", () => {
    entries.forEach((entry, index) => {
      const read = readStoredRunEvent(row(entry.type, entry.payload, index + 1));
      expect(read, `${entry.type} v${entry.version}`).toEqual({
        runId: "run-1",
        seq: index + 1,
        at: AT,
        type: entry.type,
        data: entry.data,
      });
    });
  });

  it("holds every event type at every version this build reads, each stamped with the version it stands for", () => {
    const missing = RUN_EVENT_TYPES.flatMap((type) =>
      Array.from({ length: EVENT_VERSIONS[type].version }, (_, index) => index + 1)
        .filter((version) => !entries.some((entry) => entry.type === type && entry.version === version))
        .map((version) => `${type} v${version}`),
    );
    expect(missing).toEqual([]);
    for (const entry of entries) {
      expect(RUN_EVENT_TYPES).toContain(entry.type);
      expect(entry.payload._v ?? 1, entry.type).toBe(entry.version);
    }
  });

  it("has a version entry for every event type and a migration step below each current version", () => {
    expect(Object.keys(EVENT_VERSIONS).sort()).toEqual([...RUN_EVENT_TYPES].sort());
    for (const type of RUN_EVENT_TYPES) {
      const { version, up }: EventTypeVersions = EVENT_VERSIONS[type];
      for (let step = 1; step < version; step++)
        expect(typeof up[step], `${type} ${step}→${step + 1}`).toBe("function");
    }
  });

  it("writes each event stamped with its type's current version, and reads back what was written", () => {
    entries.forEach((entry, index) => {
      const event = { type: entry.type, data: entry.data } as RunEventInput;
      const payload = storedEventPayload(event);
      // The stamp comes first: the training export's narrowed read finds rows not at the current version by it.
      expect(payload.startsWith(`{"_v":${EVENT_VERSIONS[event.type].version},`)).toBe(true);
      expect(readStoredRunEvent(row(entry.type, payload, index + 1))).toMatchObject({ data: entry.data });
    });
  });
});

/** step.failed as if it had been reshaped twice: v1 said `message` and `ms`; v2 said `error` and `ms`. */
const reshaped: EventVersionRegistry = {
  ...EVENT_VERSIONS,
  "step.failed": {
    version: 3,
    up: {
      1: ({ message, ...rest }) => ({ ...rest, error: message }),
      2: ({ ms, ...rest }) => ({ ...rest, durationMs: ms }),
    },
  },
};
const ref = { stepRunId: "sr-1", stepId: "lookup", iteration: 1 };

describe("reading an older version", () => {
  it("migrates it forward one step at a time to the current version", () => {
    const current = { ...ref, error: "Unknown employee", durationMs: 12 };
    expect(readStoredRunEvent(row("step.failed", { ...ref, message: "Unknown employee", ms: 12 }), reshaped)).toEqual(
      expect.objectContaining({ type: "step.failed", data: current }),
    );
    expect(
      readStoredRunEvent(row("step.failed", { _v: 2, ...ref, error: "Unknown employee", ms: 12 }), reshaped),
    ).toEqual(expect.objectContaining({ type: "step.failed", data: current }));
    expect(readStoredRunEvent(row("step.failed", { _v: 3, ...current }), reshaped)).toEqual(
      expect.objectContaining({ type: "step.failed", data: current }),
    );
  });

  it("reports a missing or failing step, and data that still does not match after the steps", () => {
    const gap = { ...reshaped, "step.failed": { version: 3, up: { 2: reshaped["step.failed"]!.up[2]! } } };
    expect(reasonOf(readStoredRunEvent(row("step.failed", { ...ref, message: "x", ms: 1 }), gap))).toMatch(
      /Nothing migrates "step.failed" from version 1 to 2/,
    );
    const throwing = {
      ...reshaped,
      "step.failed": {
        version: 2,
        up: {
          1: () => {
            throw new Error("no message to rename");
          },
        },
      },
    };
    expect(reasonOf(readStoredRunEvent(row("step.failed", { ...ref }), throwing))).toMatch(
      /from version 1 to 2 failed: no message to rename/,
    );
    expect(reasonOf(readStoredRunEvent(row("step.failed", { ...ref, ms: 1 }), reshaped))).toMatch(
      /does not match "step.failed" version 3: error:/,
    );
  });
});

describe("a stored event that cannot be read", () => {
  const cases: Array<[string, ReturnType<typeof row>, RegExp, number | null]> = [
    [
      "an unknown type",
      row("step.exploded", { _v: 1, stepId: "x" }),
      /"step.exploded" is not an event type this version of Routine Studio knows/,
      null,
    ],
    [
      "a version from the future",
      row("step.failed", { _v: 7, ...ref, error: "x", durationMs: 1 }),
      /written as version 7 of "step.failed" by a newer Routine Studio; this one reads up to version 1/,
      7,
    ],
    ["a payload that is not JSON", row("step.failed", "{not json"), /not JSON/, null],
    ["a payload that is not an object", row("step.failed", [1, 2]), /not a JSON object/, null],
    ["a version that is not a whole number", row("step.failed", { _v: "two" }), /version \("two"\)/, null],
    [
      "data that fails its schema",
      row("step.failed", { _v: 1, stepId: "x" }),
      /does not match "step.failed" version 1: stepRunId:/,
      1,
    ],
  ];

  it.each(cases)("is reported with the reason: %s", (_, stored, reason, version) => {
    const read = readStoredRunEvent(stored);
    expect(read).toMatchObject({ runId: "run-1", seq: 1, at: AT, type: "unreadable" });
    expect(reasonOf(read)).toMatch(reason);
    expect((read as UnreadableRunEvent).data).toMatchObject({ type: stored.type, version });
  });
});

describe("reading the stream", () => {
  const event = { runId: "run-1", seq: 3, at: AT, type: "step.succeeded", data: { ...ref, durationMs: 5 } };

  it("passes events and the server's unreadable records through, and reports what this page cannot parse", () => {
    expect(readStreamedRunEvent(event)).toEqual(event);
    const reported = readStoredRunEvent(row("step.exploded", {}, 4));
    expect(readStreamedRunEvent(JSON.parse(JSON.stringify(reported)))).toEqual(reported);
    const newer = readStreamedRunEvent({ ...event, type: "step.teleported" });
    expect(newer).toMatchObject({ seq: 3, type: "unreadable", data: { type: "step.teleported", version: null } });
    expect(reasonOf(newer!)).toMatch(/reloading the page/);
    expect(readStreamedRunEvent({ hello: "world" })).toBeNull();
  });
});
