import { describe, expect, it } from "vitest";
import { fitBounds, sameViewport, unionBounds } from "../viewport";

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

describe("fitBounds", () => {
  const options = { minZoom: 0.1, maxZoom: 1, padding: 0.1 };

  it("centres the box and zooms it to fit", () => {
    const viewport = fitBounds({ x: 0, y: 0, width: 2000, height: 500 }, 1000, 500, options);
    expect(viewport.zoom).toBeCloseTo(0.4);
    // The box's centre (1000, 250) lands on the canvas's centre (500, 250).
    expect(1000 * viewport.zoom + viewport.x).toBeCloseTo(500);
    expect(250 * viewport.zoom + viewport.y).toBeCloseTo(250);
  });

  it("never zooms a small routine beyond maxZoom or a huge one below minZoom", () => {
    expect(fitBounds({ x: 0, y: 0, width: 10, height: 10 }, 1000, 500, options).zoom).toBe(1);
    expect(fitBounds({ x: 0, y: 0, width: 1e6, height: 10 }, 1000, 500, options).zoom).toBe(0.1);
  });
});

describe("sameViewport", () => {
  it("ignores rounding noise but not a real move", () => {
    expect(sameViewport({ x: 1, y: 2, zoom: 0.5 }, { x: 1.0000001, y: 2, zoom: 0.5 })).toBe(true);
    expect(sameViewport({ x: 1, y: 2, zoom: 0.5 }, { x: 3, y: 2, zoom: 0.5 })).toBe(false);
  });
});
