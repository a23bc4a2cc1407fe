import { describe, expect, it } from "vitest";
import { branchEdgeRoute, edgeLabelDrawing, edgeLabelSize, EDGE_LABEL } from "../edge-route";

describe("branchEdgeRoute", () => {
  const source = { x: 100, y: 100 };

  it("runs into the target's lane and puts the label there, just after the turn", () => {
    const route = branchEdgeRoute(source, { x: 500, y: 300 })!;
    expect(route.labelY).toBe(300);
    expect(route.turnX).toBeGreaterThan(source.x);
    expect(route.labelX).toBeGreaterThan(route.turnX);
    expect(route.labelX).toBeLessThan(source.x + 100);
    expect(route.path.startsWith("M 100,100")).toBe(true);
    expect(route.path.endsWith("L 500,300")).toBe(true);
  });

  it("turns siblings going the same way at different places, the farther lane first", () => {
    const near = branchEdgeRoute(source, { x: 500, y: 220 })!;
    const far = branchEdgeRoute({ x: 100, y: 110 }, { x: 500, y: 400 })!;
    expect(far.turnX).toBeLessThan(near.turnX - 4);
    const up = branchEdgeRoute(source, { x: 500, y: -100 })!;
    const upFar = branchEdgeRoute({ x: 100, y: 90 }, { x: 500, y: -300 })!;
    expect(upFar.turnX).toBeLessThan(up.turnX);
  });

  it("draws a straight line into a step in the branch's own lane", () => {
    expect(branchEdgeRoute(source, { x: 400, y: 100 })!.path).toBe("M 100,100 L 400,100");
  });

  it("leaves a loop back to the ordinary drawing", () => {
    expect(branchEdgeRoute(source, { x: 50, y: 300 })).toBeUndefined();
    const drawing = edgeLabelDrawing(source, { x: 50, y: 300 }, true, ["M bezier", 70, 200]);
    expect(drawing).toEqual({ path: "M bezier", labelTransform: "translate(-50%, -50%) translate(70px, 200px)" });
  });

  it("only reroutes labelled edges", () => {
    expect(edgeLabelDrawing(source, { x: 500, y: 300 }, false, ["M bezier", 1, 2]).path).toBe("M bezier");
    expect(edgeLabelDrawing(source, { x: 500, y: 300 }, true, ["M bezier", 1, 2]).labelTransform).toMatch(
      /^translate\(0, -50%\)/,
    );
  });

  it("sizes labels as drawn, cut at the widest a label is shown", () => {
    expect(edgeLabelSize("Rejected").width).toBeLessThan(edgeLabelSize("Approved by the manager").width);
    expect(edgeLabelSize("x".repeat(200))).toEqual({ width: EDGE_LABEL.maxWidth, height: EDGE_LABEL.height });
  });
});
