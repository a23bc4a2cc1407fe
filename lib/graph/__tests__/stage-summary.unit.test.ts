import { describe, expect, it } from "vitest";
import { edge, endStep, makeRoutine, toolStep } from "../../routine/testing/factories";
import { STAGE_SUMMARY_SIZE, stageSummaryLayout } from "../stage-summary";

describe("stageSummaryLayout", () => {
  // a1 → a2 → b1 → c1 → done, drawn left to right; b1 also loops back to a1.
  const routine = makeRoutine({
    steps: [
      toolStep({ id: "b1", position: { x: 700, y: 0 } }),
      toolStep({ id: "a1", position: { x: 0, y: 0 } }),
      toolStep({ id: "a2", position: { x: 300, y: 40 } }),
      toolStep({ id: "c1", position: { x: 1000, y: 0 } }),
      endStep({ id: "done", position: { x: 1300, y: 0 } }),
    ],
    edges: [edge("a1", "a2"), edge("a2", "b1"), edge("b1", "c1"), edge("b1", "a1", "again"), edge("c1", "done")],
  });
  const groups = [
    { key: "B", stepIds: ["b1"] },
    { key: "A", stepIds: ["a1", "a2"] },
    { key: "C", stepIds: ["c1"] },
  ];

  it("puts one box per group on a row, in the order the drawing has them, evenly spaced", () => {
    const layout = stageSummaryLayout(routine, groups);
    expect(layout.direction).toBe("row");
    expect(layout.boxes.map((box) => box.key)).toEqual(["A", "B", "C"]);
    expect(new Set(layout.boxes.map((box) => box.y))).toEqual(new Set([0]));
    const [a, b, c] = layout.boxes;
    expect(b!.x - a!.x).toBe(c!.x - b!.x);
    expect(b!.x - a!.x).toBeGreaterThan(STAGE_SUMMARY_SIZE.width);
  });

  it("links groups once per pair, both ways, and leaves out steps in no group", () => {
    expect(stageSummaryLayout(routine, groups).links).toEqual([
      { from: "A", to: "B" },
      { from: "B", to: "C" },
      { from: "B", to: "A" },
    ]);
  });

  it("stacks the boxes in a column for a routine drawn top down", () => {
    const topDown = makeRoutine({
      steps: [toolStep({ id: "x", position: { x: 0, y: 0 } }), toolStep({ id: "y", position: { x: 20, y: 400 } })],
    });
    const layout = stageSummaryLayout(topDown, [
      { key: "Y", stepIds: ["y"] },
      { key: "X", stepIds: ["x"] },
    ]);
    expect(layout.direction).toBe("column");
    expect(layout.boxes.map((box) => [box.key, box.x])).toEqual([
      ["X", 0],
      ["Y", 0],
    ]);
    expect(layout.boxes[1]!.y).toBeGreaterThan(STAGE_SUMMARY_SIZE.height);
  });
});
