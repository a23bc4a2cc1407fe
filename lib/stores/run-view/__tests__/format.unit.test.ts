import { describe, expect, it } from "vitest";
import { elapsedMs, formatBytes, formatCost, formatDuration, formatTokens } from "../format";

describe("run view formatting", () => {
  it("reads durations, elapsed time, tokens, costs and sizes the way an operator would", () => {
    expect([
      formatDuration(null),
      formatDuration(850),
      formatDuration(12_400),
      formatDuration(185_000),
      formatDuration(3_720_000),
    ]).toEqual(["—", "850 ms", "12 s", "3 min 05 s", "1 h 02 min"]);
    expect(formatDuration(4_250)).toBe("4.3 s");
    expect(elapsedMs(null, null, 5)).toBeNull();
    expect(elapsedMs("2026-11-01T00:00:00Z", null, Date.parse("2026-11-01T00:00:07Z"))).toBe(7000);
    expect(elapsedMs("2026-11-01T00:00:00Z", "2026-11-01T00:00:02Z", Date.parse("2026-11-01T09:00:00Z"))).toBe(2000);
    expect(formatTokens(1234567)).toBe("1,234,567");
    expect([formatCost(0), formatCost(0.0042), formatCost(1.268)]).toEqual(["$0.00", "$0.0042", "$1.27"]);
    expect([formatBytes(900), formatBytes(12_600), formatBytes(3_500_000)]).toEqual(["900 B", "12.3 KB", "3.3 MB"]);
  });
});
