import { describe, expect, it } from "vitest";
import { needsRefresh, readStatusMessage, withStatus } from "./live-status-message";

const message = (fields: Record<string, unknown>) =>
  JSON.stringify({ runId: "run1", status: "running", seq: 3, at: "2025-06-15T12:00:00.000Z", ...fields });

describe("readStatusMessage", () => {
  it("reads a run's new status", () => {
    expect(readStatusMessage(message({ status: "succeeded" }))).toMatchObject({ runId: "run1", status: "succeeded" });
  });

  it("ignores a message that is not JSON, lacks a field or names a status the page does not know", () => {
    expect(readStatusMessage("{not json")).toBeNull();
    expect(readStatusMessage(message({ runId: 7 }))).toBeNull();
    expect(readStatusMessage(message({ status: "exploded" }))).toBeNull();
  });
});

describe("withStatus", () => {
  it("updates the run's row in place", () => {
    expect(withStatus({ run1: "queued", run2: "running" }, { runId: "run1", status: "running" })).toEqual({
      run1: "running",
      run2: "running",
    });
  });

  it("keeps the same statuses when the run already shows that status, so the list does not re-render", () => {
    const statuses = { run1: "running" as const };
    expect(withStatus(statuses, { runId: "run1", status: "running" })).toBe(statuses);
  });
});

describe("needsRefresh", () => {
  const listed = new Set(["run1"]);

  it("reads the list again for a run it does not show yet, so a just-started run appears", () => {
    expect(needsRefresh({ runId: "run9", status: "queued" }, listed)).toBe(true);
  });

  it("reads the list again when a listed run finishes, for its final duration", () => {
    for (const status of ["succeeded", "failed", "cancelled"] as const)
      expect(needsRefresh({ runId: "run1", status }, listed), status).toBe(true);
  });

  it("only updates the row of a listed run that is still going", () => {
    for (const status of ["queued", "running", "waiting", "paused"] as const)
      expect(needsRefresh({ runId: "run1", status }, listed), status).toBe(false);
  });
});
