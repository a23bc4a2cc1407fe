import { describe, expect, it } from "vitest";
import { decide, DEFAULT_MEMORY_THRESHOLDS, memoryThresholdsSchema } from "..";

const thresholds = { minScore: 0.3, ambiguityMargin: 0.05 };
const scores = (...values: number[]) => values.map((score) => ({ score }));

describe("decide", () => {
  it("answers none without candidates or when the best is below minScore", () => {
    expect(decide([], thresholds)).toBe("none");
    expect(decide(scores(0.29, 0.28), thresholds)).toBe("none");
  });

  it("answers ambiguous when the second is within the margin of the best", () => {
    expect(decide(scores(0.6, 0.56), thresholds)).toBe("ambiguous");
    expect(decide(scores(0.6, 0.6), thresholds)).toBe("ambiguous");
  });

  it("answers match when the best is clear of the second, or alone", () => {
    expect(decide(scores(0.6, 0.5), thresholds)).toBe("match");
    expect(decide(scores(0.6), thresholds)).toBe("match");
    expect(decide(scores(0.31), thresholds)).toBe("match");
  });

  it("does not call a close second ambiguous when the second itself is below minScore", () => {
    expect(decide(scores(0.32, 0.29), thresholds)).toBe("match");
  });

  it("follows the thresholds it is given (the calibration screen replays stored candidates)", () => {
    expect(decide(scores(0.4, 0.3), { minScore: 0.5, ambiguityMargin: 0 })).toBe("none");
    expect(decide(scores(0.4, 0.3), { minScore: 0.2, ambiguityMargin: 0.2 })).toBe("ambiguous");
  });

  it("ships defaults the schema accepts, and the schema refuses out-of-range values with sentences", () => {
    expect(memoryThresholdsSchema.parse(DEFAULT_MEMORY_THRESHOLDS)).toEqual(DEFAULT_MEMORY_THRESHOLDS);
    const bad = memoryThresholdsSchema.safeParse({ minScore: 1.5, ambiguityMargin: -1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      "The minimum score is between 0 and 1.",
      "The ambiguity margin is between 0 and 0.5.",
    ]);
  });
});
