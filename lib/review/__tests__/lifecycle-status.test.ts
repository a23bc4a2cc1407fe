import { describe, expect, it } from "vitest";
import { lifecycleStatus } from "../lifecycle-status";

describe("lifecycleStatus", () => {
  it("calls a draft sent back by a reviewer 'changes requested'", () => {
    expect(lifecycleStatus("draft", "changes_requested")).toEqual({ key: "changes_requested", label: "Changes requested", tone: "danger" });
  });

  it("reads a resubmitted version as in review, whatever the last decision was", () => {
    expect(lifecycleStatus("in_review", "changes_requested").key).toBe("in_review");
  });

  it("labels the plain statuses", () => {
    expect(lifecycleStatus("draft").label).toBe("Draft");
    expect(lifecycleStatus("draft", "approved").label).toBe("Draft");
    expect(lifecycleStatus("published").label).toBe("Published");
    expect(lifecycleStatus("rejected").label).toBe("Rejected");
  });

  it("shows a status it does not know as it is", () => {
    expect(lifecycleStatus("frozen").label).toBe("frozen");
    expect(lifecycleStatus("toString").label).toBe("toString");
  });
});
