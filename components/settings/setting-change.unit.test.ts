import { describe, expect, it } from "vitest";
import { changeNote, toSettingChangeView } from "./setting-change";

const NOT_SET = "Not set yet: the defaults apply.";

describe("a settings card's note on its last change", () => {
  it("says the defaults apply until an admin saves the setting", () => {
    expect(changeNote({ isDefault: true, updatedAt: null, updatedBy: null }, NOT_SET)).toBe(NOT_SET);
  });

  it("names who changed it last and when, in the browser's own date format", () => {
    const at = "2026-11-20T09:30:00.000Z";
    expect(changeNote({ isDefault: false, updatedAt: at, updatedBy: "Ada Admin" }, NOT_SET)).toBe(
      `Last changed by Ada Admin on ${new Date(at).toLocaleString()}.`,
    );
  });

  it("leaves out who or when where it was not recorded (a user since deleted)", () => {
    expect(changeNote({ isDefault: false, updatedAt: null, updatedBy: null }, NOT_SET)).toBe("Last changed.");
  });

  it("hands the stored date to the browser as an ISO string", () => {
    const stored = { isDefault: false, updatedAt: new Date("2026-11-20T09:30:00.000Z"), updatedBy: "Ada Admin" };
    expect(toSettingChangeView(stored)).toEqual({
      isDefault: false,
      updatedAt: "2026-11-20T09:30:00.000Z",
      updatedBy: "Ada Admin",
    });
  });
});
