import { describe, expect, it } from "vitest";
import { LEGIBILITY, legibleZoom, type FlowNode } from "@/lib/graph";
import { openingFor } from "./use-opening-viewport";

const step = (id: string, x: number, y: number, parentId?: string): FlowNode => ({
  id,
  type: "tool",
  position: { x, y },
  data: { stepId: id },
  width: 240,
  height: 80,
  ...(parentId ? { parentId } : {}),
});
const stage = (id: string, x: number, y: number): FlowNode => ({
  id,
  type: "stage",
  position: { x, y },
  data: { stageId: id },
  width: 800,
  height: 400,
});

/** The canvas's frame, as much of an element as the opening reads: its box. */
const frame = (width: number, height: number) => ({ getBoundingClientRect: () => ({ width, height }) }) as HTMLElement;

describe("openingFor", () => {
  it("fits a small routine whole, never blown up past its natural size", () => {
    const opening = openingFor(frame(1200, 800), [step("a", 0, 0), step("b", 300, 0)]);
    expect(opening.fits).toBe(true);
    expect(opening.viewport?.zoom).toBe(1);
  });

  it("opens a long routine at a legible zoom on its first step, saying it does not fit", () => {
    const nodes = Array.from({ length: 40 }, (_, index) => step(`s${index}`, index * 300, 0));
    const opening = openingFor(frame(1200, 800), nodes);
    expect(opening.fits).toBe(false);
    expect(opening.viewport!.zoom).toBeGreaterThanOrEqual(legibleZoom());
    // The first step's left edge sits at the padded left of the canvas.
    expect(opening.viewport!.x).toBeGreaterThan(0);
    expect(opening.viewport!.x).toBeLessThan(100);
  });

  it("starts on the first step inside a stage, where its position is relative to the stage", () => {
    const far = Array.from({ length: 40 }, (_, index) => step(`t${index}`, 5000 + index * 300, 0));
    const inStage = [stage("stage:a", 1000, 0), step("first", 100, 50, "stage:a"), ...far];
    const loose = [stage("stage:a", 1000, 0), step("first", 1100, 50), ...far];
    const zoom = openingFor(frame(1200, 800), inStage).viewport!.zoom;
    expect(openingFor(frame(1200, 800), inStage).viewport).toEqual(openingFor(frame(1200, 800), loose).viewport);
    expect(openingFor(frame(1200, 800), inStage).viewport!.x).toBeCloseTo(LEGIBILITY.padding.left - 1100 * zoom);
  });

  it("leaves the opening to React Flow while the canvas has no size (a hidden tab) or no steps", () => {
    expect(openingFor(frame(0, 800), [step("a", 0, 0)])).toEqual({});
    expect(openingFor(frame(1200, 800), [])).toEqual({});
    expect(openingFor(null, [step("a", 0, 0)])).toEqual({});
  });
});
