import { describe, expect, it } from "vitest";
import { cosineSimilarity, hybridScores } from "..";

describe("cosineSimilarity", () => {
  it("is 1 for the same direction, 0 for orthogonal, -1 for opposite", () => {
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 3])).toBeCloseTo(0);
    expect(cosineSimilarity([1, 0], [-1, 0])).toBeCloseTo(-1);
  });

  it("is 0 for vectors that cannot be compared (empty, zero, other lengths)", () => {
    expect(cosineSimilarity([], [])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([1, 2, 3], [1, 2])).toBe(0);
    expect(cosineSimilarity([Number.NaN, 1], [1, 1])).toBe(0);
    expect(cosineSimilarity([Number.MAX_VALUE, 1], [Number.MAX_VALUE, 1])).toBe(0);
  });
});

describe("hybridScores", () => {
  const versions = new Map<string, number[]>([
    ["a", [1, 0]],
    ["b", [0, 1]],
    ["c", [-1, 0]],
  ]);

  it("blends (1 - weight) × keyword + weight × cosine", () => {
    const scores = hybridScores({ keyword: new Map([["a", 0.4]]), request: [1, 0], versions, weight: 0.25 });
    expect(scores.get("a")!.score).toBeCloseTo(0.75 * 0.4 + 0.25 * 1);
    expect(scores.get("a")!.similarity).toBeCloseTo(1);
    expect(scores.get("b")!.score).toBeCloseTo(0);
  });

  it("treats a negative cosine as no evidence and clamps the weight to 0–1", () => {
    const scores = hybridScores({ keyword: new Map([["c", 0.6]]), request: [1, 0], versions, weight: 3 });
    expect(scores.get("c")).toEqual({ score: 0, similarity: -1 });
  });

  it("keeps the keyword score of a version without an embedding", () => {
    const scores = hybridScores({ keyword: new Map([["d", 0.5]]), request: [1, 0], versions, weight: 0.5 });
    expect(scores.get("d")).toEqual({ score: 0.5 });
  });

  it("lets embeddings find a routine keywords missed, and rank it", () => {
    const scores = hybridScores({ keyword: new Map([["a", 0.3]]), request: [0, 1], versions, weight: 0.5 });
    expect(scores.get("b")!.score).toBeGreaterThan(scores.get("a")!.score);
  });
});
