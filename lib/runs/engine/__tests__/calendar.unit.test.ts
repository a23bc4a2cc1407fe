import { describe, expect, it } from "vitest";
import { isIsoDate, isTimeZone, todayLine } from "../calendar";

describe("todayLine", () => {
  it("names the weekday and the date in the run's time zone, which near midnight differs from UTC's", () => {
    // 2026-11-24 23:30 UTC is already Wednesday the 25th in Berlin.
    const now = Date.UTC(2026, 10, 24, 23, 30);
    expect(todayLine(now, { timeZone: "Europe/Berlin" })).toBe(
      "Today is Wednesday, 25 November 2026 (2026-11-25), time zone Europe/Berlin.",
    );
    expect(todayLine(now, { timeZone: "UTC" })).toBe("Today is Tuesday, 24 November 2026 (2026-11-24), time zone UTC.");
  });

  it("uses a fixed date instead of the clock (the demo data's day)", () => {
    expect(todayLine(Date.UTC(2030, 0, 1), { timeZone: "Europe/Berlin", today: "2025-06-16" })).toBe(
      "Today is Monday, 16 June 2025 (2025-06-16), time zone Europe/Berlin.",
    );
  });

  it("ignores a fixed date that is not a real one", () => {
    expect(todayLine(Date.UTC(2026, 10, 24, 8), { timeZone: "UTC", today: "2025-02-30" })).toContain("(2026-11-24)");
  });
});

describe("checks", () => {
  it("knows real time zones and calendar dates", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("16.06.2025")).toBe(false);
  });
});
