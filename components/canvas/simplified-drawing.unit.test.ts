import type { ReactFlowState } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import { legibleZoom, WRAP, type FlowNode } from "@/lib/graph";
import { browserTextScale, canvasDrawsSimplified } from "./simplified-drawing";

const step = (id: string, x: number, y: number): FlowNode => ({
  id,
  type: "tool",
  position: { x, y },
  data: { stepId: id },
  width: 240,
  height: 80,
});

/** `count` steps in one row, 300 px apart. */
const row = (count: number) => Array.from({ length: count }, (_, index) => step(`s${index}`, index * 300, 0));

/** The canvas's React Flow state, as much of it as the selector reads. */
const canvas = (
  nodes: FlowNode[],
  zoom: number,
  extra: Partial<Pick<ReactFlowState, "fitViewQueued" | "nodesInitialized" | "width" | "height">> = {},
) =>
  ({
    nodes,
    transform: [0, 0, zoom],
    width: 1200,
    height: 800,
    fitViewQueued: false,
    nodesInitialized: true,
    ...extra,
  }) as unknown as ReactFlowState;

const legible = legibleZoom();

describe("canvasDrawsSimplified", () => {
  it("draws a routine that does not fit in full once names are legible, simplified when zoomed out past that", () => {
    const long = row(20);
    expect(canvasDrawsSimplified(canvas(long, legible))).toBe(false);
    expect(canvasDrawsSimplified(canvas(long, legible - 0.01))).toBe(true);
  });

  it("always draws a routine that fits the canvas legibly in full, however far out", () => {
    expect(canvasDrawsSimplified(canvas(row(3), 0.05))).toBe(false);
  });

  it("judges fitting by the canvas's size", () => {
    expect(canvasDrawsSimplified(canvas(row(3), 0.3, { width: 300, height: 200 }))).toBe(true);
  });

  it("treats a routine of more steps than a folded canvas holds as not fitting", () => {
    const stacked = Array.from({ length: WRAP.maxSteps + 1 }, (_, index) => step(`s${index}`, 0, 0));
    expect(canvasDrawsSimplified(canvas(stacked.slice(0, WRAP.maxSteps), 0.3))).toBe(false);
    expect(canvasDrawsSimplified(canvas(stacked, 0.3))).toBe(true);
  });

  it("mounts nodes simplified while a fit waits for them to be measured", () => {
    expect(canvasDrawsSimplified(canvas(row(3), 1, { fitViewQueued: true, nodesInitialized: false }))).toBe(true);
    expect(canvasDrawsSimplified(canvas(row(3), 1, { fitViewQueued: true, nodesInitialized: true }))).toBe(false);
  });

  it("draws an empty canvas in full detail when zoomed in and simplified when zoomed out", () => {
    expect(canvasDrawsSimplified(canvas([], 1))).toBe(false);
    expect(canvasDrawsSimplified(canvas([], 0.2))).toBe(true);
  });
});

describe("browserTextScale", () => {
  it("is 1 where there is no browser (the server renders at the default text size)", () => {
    expect(browserTextScale()).toBe(1);
  });
});
