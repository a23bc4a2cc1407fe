import { describe, expect, it } from "vitest";
import { RUN_STATUSES } from "../../../events";
import { plannedEndState } from "../end-state";

describe("plannedEndState", () => {
  it("marks the answer by how the run ended, and leaves it pending while the run goes on", () => {
    expect(Object.fromEntries(RUN_STATUSES.map((status) => [status, plannedEndState(status)]))).toEqual({
      queued: "pending",
      running: "pending",
      waiting: "pending",
      paused: "pending",
      succeeded: "succeeded",
      failed: "failed",
      cancelled: "cancelled",
    });
  });
});
