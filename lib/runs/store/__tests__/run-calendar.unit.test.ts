import { describe, expect, it, vi } from "vitest";
import { DEMO_REFERENCE_DATE } from "../../../../scripts/lib/demo-hr.mjs";
import { REFERENCE_DATE } from "../../../demo/hr-server";
import { runCalendar } from "../run-calendar";

describe("runCalendar", () => {
  it("reads RUN_TIME_ZONE and a fixed RUN_TODAY", () => {
    expect(runCalendar({ RUN_TIME_ZONE: "Asia/Tokyo", RUN_TODAY: "2025-06-16" })).toEqual({
      timeZone: "Asia/Tokyo",
      today: "2025-06-16",
    });
    expect(runCalendar({ RUN_TIME_ZONE: " Europe/Berlin " })).toEqual({ timeZone: "Europe/Berlin" });
  });

  it("ignores a zone or a date it cannot read, and says so", () => {
    const warn = vi.fn();
    const calendar = runCalendar({ RUN_TIME_ZONE: "Mars/Olympus", RUN_TODAY: "16.06.2025" }, warn);
    expect(calendar.today).toBeUndefined();
    expect(calendar.timeZone).not.toBe("Mars/Olympus");
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      expect.stringContaining('RUN_TIME_ZONE "Mars/Olympus" is not a time zone'),
      expect.stringContaining('RUN_TODAY "16.06.2025" is not a YYYY-MM-DD date'),
    ]);
  });

  it("the start command's demo day is the demo HR data's own day", () => {
    expect(DEMO_REFERENCE_DATE).toBe(REFERENCE_DATE);
  });
});
