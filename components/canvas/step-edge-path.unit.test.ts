import { Position, type EdgeProps } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import { NODE_SIZE } from "@/lib/graph";
import { stepEdgeDrawing } from "./step-edge-path";

/** An edge from `source` to `target`, leaving a step's right side and entering the next one's left. */
const edgeBetween = (source: { x: number; y: number }, target: { x: number; y: number }) =>
  ({
    id: "e1",
    source: "a",
    target: "b",
    sourceX: source.x,
    sourceY: source.y,
    targetX: target.x,
    targetY: target.y,
    sourcePosition: Position.Right,
    targetPosition: Position.Left,
  }) as EdgeProps;

const curves = (path: string) => /C/.test(path);

describe("stepEdgeDrawing", () => {
  it("draws an ordinary edge between neighbours as a curve", () => {
    expect(curves(stepEdgeDrawing(edgeBetween({ x: 240, y: 40 }, { x: 300, y: 40 }), false).path)).toBe(true);
  });

  it("draws an edge that wraps to the next row in right angles, crossing in the gap between the rows", () => {
    const drawing = stepEdgeDrawing(edgeBetween({ x: 2000, y: 40 }, { x: 0, y: 400 }), false);
    expect(curves(drawing.path)).toBe(false);
    // The crossing (and the middle the label marks) runs below the upper row's steps and above the lower row's.
    const crossingY = Number(/translate\([-\d.]+px, ([-\d.]+)px\)$/.exec(drawing.labelTransform)?.[1]);
    expect(crossingY).toBeGreaterThan(40 + NODE_SIZE.tool.height / 2);
    expect(crossingY).toBeLessThan(400 - NODE_SIZE.tool.height / 2);
    expect(drawing.path).toContain(`,${crossingY}L`);
  });

  it("keeps a short loop back to an earlier step on the same row as a curve", () => {
    expect(curves(stepEdgeDrawing(edgeBetween({ x: 900, y: 40 }, { x: 300, y: 40 }), false).path)).toBe(true);
  });

  it("centres an unlabelled edge's label position on its path", () => {
    expect(stepEdgeDrawing(edgeBetween({ x: 0, y: 0 }, { x: 200, y: 0 }), false).labelTransform).toBe(
      "translate(-50%, -50%) translate(100px, 0px)",
    );
  });
});
