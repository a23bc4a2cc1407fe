import { describe, expect, it } from "vitest";
import { EVENT_VERSIONS, type EventTypeVersions } from "../event-versions";
import { RUN_EVENT_TYPES, type RunEventType } from "../run-events";

// Checked by tsc (npx tsc --noEmit): the type EVENT_VERSIONS satisfies refuses a registry missing one event type.
const { "agent.call_refused": dropped, ...withoutOne } = EVENT_VERSIONS;
// @ts-expect-error a version registry without "agent.call_refused" does not compile
const incomplete: { readonly [T in RunEventType]: EventTypeVersions } = withoutOne;

describe("the event version registry's type", () => {
  it("is the one a registry missing a type fails (the line above is a compile error)", () => {
    expect(Object.keys(incomplete)).toHaveLength(RUN_EVENT_TYPES.length - 1);
    expect(dropped.version).toBeGreaterThanOrEqual(1);
  });
});
