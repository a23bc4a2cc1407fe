import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const NOW = new Date("2025-06-15T12:00:00Z");
const before = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe("relativeTime", () => {
  it("says just now for the last 45 seconds, and for a clock a little ahead", () => {
    expect(relativeTime(before(0), NOW)).toBe("just now");
    expect(relativeTime(before(44), NOW)).toBe("just now");
    expect(relativeTime(before(-30), NOW)).toBe("just now");
  });

  it("counts minutes and hours", () => {
    expect(relativeTime(before(45), NOW)).toBe("1 minute ago");
    expect(relativeTime(before(5 * 60), NOW)).toBe("5 minutes ago");
    expect(relativeTime(before(3 * 3600), NOW)).toBe("3 hours ago");
  });

  it("says yesterday for a day ago, then counts days, weeks, months and years", () => {
    expect(relativeTime(before(24 * 3600), NOW)).toBe("yesterday");
    expect(relativeTime(before(3 * 24 * 3600), NOW)).toBe("3 days ago");
    expect(relativeTime(before(14 * 24 * 3600), NOW)).toBe("2 weeks ago");
    expect(relativeTime(before(60 * 24 * 3600), NOW)).toBe("2 months ago");
    expect(relativeTime(before(365 * 24 * 3600), NOW)).toBe("last year");
    expect(relativeTime(before(3 * 365 * 24 * 3600), NOW)).toBe("3 years ago");
  });

  it("speaks of the future for a moment after now", () => {
    expect(relativeTime(before(-2 * 3600), NOW)).toBe("in 2 hours");
  });
});
