import { describe, expect, it } from "vitest";
import { drawsOnlyInView, drawsSimplified, fitsLegibly, LEGIBILITY, legibleZoom, openingViewport } from "../legibility";

const box = { width: 680, height: 650 };
/** Where a flow point lands on screen under a viewport. */
const onScreen = (v: { x: number; y: number; zoom: number }, p: { x: number; y: number }) => ({
  x: p.x * v.zoom + v.x,
  y: p.y * v.zoom + v.y,
});

describe("legibility of step names", () => {
  it("renders names at 11 px or more exactly from the legible zoom on", () => {
    expect(legibleZoom() * LEGIBILITY.namePx).toBeCloseTo(11);
    // A user who enlarged the browser's text reads full drawings further out.
    expect(legibleZoom(1.25)).toBeLessThan(legibleZoom());
  });

  it("fits a small routine whole, centred, its names legible", () => {
    const bounds = { x: 12, y: 12, width: 813, height: 528 };
    expect(fitsLegibly(bounds, box)).toBe(true);
    const view = openingViewport(bounds, box);
    expect(view.zoom * LEGIBILITY.namePx).toBeGreaterThanOrEqual(11);
    const topLeft = onScreen(view, bounds);
    const bottomRight = onScreen(view, { x: bounds.x + bounds.width, y: bounds.y + bounds.height });
    expect(topLeft.x).toBeGreaterThanOrEqual(LEGIBILITY.padding.left);
    expect(topLeft.y).toBeGreaterThanOrEqual(LEGIBILITY.padding.top - 0.01);
    expect(bottomRight.x).toBeLessThanOrEqual(box.width - LEGIBILITY.padding.right + 0.01);
    expect(bottomRight.y).toBeLessThanOrEqual(box.height - LEGIBILITY.padding.bottom + 0.01);
  });

  it("shows a tiny routine at natural size, not blown up", () => {
    expect(openingViewport({ x: 0, y: 0, width: 240, height: 80 }, box).zoom).toBe(1);
  });

  it("opens a routine too large to fit legibly at a legible zoom on its first step", () => {
    const bounds = { x: 0, y: 0, width: 30000, height: 2400 };
    expect(fitsLegibly(bounds, box)).toBe(false);
    const start = { x: 12, y: 1160 };
    const view = openingViewport(bounds, box, { start, startHeight: 80 });
    expect(view.zoom * LEGIBILITY.namePx).toBeGreaterThanOrEqual(11);
    const at = onScreen(view, start);
    expect(at.x).toBe(LEGIBILITY.padding.left);
    // The entry step sits mid-height in the box, not below it.
    expect(at.y + 40 * view.zoom).toBeCloseTo(box.height / 2);
  });

  it("simplifies only routines that do not fit legibly, and only below the legible zoom", () => {
    expect(drawsSimplified(0.3, true)).toBe(false);
    expect(drawsSimplified(0.3, false)).toBe(true);
    expect(drawsSimplified(legibleZoom(), false)).toBe(false);
    // The simplified name stays legible at half the zoom the full one needs.
    expect(LEGIBILITY.simplifiedNamePx * (legibleZoom() / 2)).toBeGreaterThanOrEqual(11);
  });
});

describe("opening a very large routine", () => {
  it("opens at the zoom where the simplified drawing's names are legible, drawn simplified", () => {
    const bounds = { x: 0, y: 0, width: 300_000, height: 2400 };
    const view = openingViewport(bounds, box, { start: { x: 0, y: 1160 }, startHeight: 80, stepCount: 1000 });
    expect(drawsSimplified(view.zoom, fitsLegibly(bounds, box))).toBe(true);
    expect(view.zoom * LEGIBILITY.simplifiedNamePx).toBeGreaterThanOrEqual(11);
    expect(view.zoom).toBeLessThan(legibleZoom());
  });

  it("mounts only what is in view past the full-detail step count, and every step of a smaller routine", () => {
    expect(drawsOnlyInView(LEGIBILITY.fullDetailMaxSteps)).toBe(false);
    expect(drawsOnlyInView(LEGIBILITY.fullDetailMaxSteps + 1)).toBe(true);
    expect(drawsOnlyInView(1000)).toBe(true);
  });
});
