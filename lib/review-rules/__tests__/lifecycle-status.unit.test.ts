import { describe, expect, it } from "vitest";
import { lifecycleStatus, readOnlyReason } from "../lifecycle-status";

describe("lifecycleStatus", () => {
  it("calls a draft sent back by a reviewer 'changes requested'", () => {
    expect(lifecycleStatus("draft", "changes_requested")).toEqual({
      key: "changes_requested",
      label: "Changes requested",
      tone: "danger",
    });
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

describe("readOnlyReason", () => {
  const base = { status: "draft", archived: false, canEdit: false, versionNumber: 3, canWithdraw: false };

  it("is null for someone who edits", () => {
    expect(readOnlyReason({ ...base, canEdit: true })).toBeNull();
  });

  it("says what to do about the version's state before naming the role", () => {
    expect(readOnlyReason({ ...base, status: "in_review", canWithdraw: true })).toBe(
      "Read only while in review: withdraw it to edit.",
    );
    expect(readOnlyReason({ ...base, status: "in_review" })).toBe("Read only while in review.");
    expect(readOnlyReason({ ...base, status: "published" })).toBe(
      "Read only: version 3 is published. Start a new draft to change it.",
    );
    expect(readOnlyReason({ ...base, status: "in_review", archived: true })).toContain("archived");
    expect(readOnlyReason(base)).toBe("Read only: only authors edit drafts.");
  });
});
