import { describe, expect, it } from "vitest";
import { agoLabel } from "./ago";

const NOW = "2025-06-15T12:00:00.000Z";
const before = (seconds: number) => new Date(Date.parse(NOW) - seconds * 1000).toISOString();

describe("agoLabel", () => {
  it("counts seconds for the first minute", () => {
    expect(agoLabel(before(0), NOW)).toBe("0 s ago");
    expect(agoLabel(before(59), NOW)).toBe("59 s ago");
  });

  it("counts whole minutes, hours and days, rounding down", () => {
    expect(agoLabel(before(60), NOW)).toBe("1 min ago");
    expect(agoLabel(before(3_599), NOW)).toBe("59 min ago");
    expect(agoLabel(before(3_600), NOW)).toBe("1 h ago");
    expect(agoLabel(before(86_399), NOW)).toBe("23 h ago");
    expect(agoLabel(before(5 * 86_400 + 3_600), NOW)).toBe("5 d ago");
  });

  it("says 0 s ago for a heartbeat stamped a little after now (clocks drift between machines)", () => {
    expect(agoLabel(before(-5), NOW)).toBe("0 s ago");
  });
});
