import { describe, expect, it } from "vitest";
import { sameViewport, unionBounds } from "../viewport";

describe("unionBounds", () => {
  it("covers both boxes, or whichever exists", () => {
    expect(unionBounds({ x: 0, y: 0, width: 100, height: 50 }, { x: 50, y: -20, width: 100, height: 40 })).toEqual({
      x: 0,
      y: -20,
      width: 150,
      height: 70,
    });
    const one = { x: 1, y: 2, width: 3, height: 4 };
    expect(unionBounds(one, null)).toBe(one);
    expect(unionBounds(null, one)).toBe(one);
    expect(unionBounds(null, null)).toBeNull();
  });
});

describe("sameViewport", () => {
  it("ignores rounding noise but not a real move", () => {
    expect(sameViewport({ x: 1, y: 2, zoom: 0.5 }, { x: 1.0000001, y: 2, zoom: 0.5 })).toBe(true);
    expect(sameViewport({ x: 1, y: 2, zoom: 0.5 }, { x: 3, y: 2, zoom: 0.5 })).toBe(false);
  });
});
