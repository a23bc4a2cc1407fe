import { describe, expect, it } from "vitest";
import { HANDLE_SIZE, outgoingEdgeIds, stepHandles } from "../handles";
import { NODE_SIZE } from "../sizes";
import { makeRoutine, makeStep } from "../testing/factories";

/** Where React Flow would put a handle's centre: its box's top-left plus half its size. */
const centre = (handle: { x: number; y: number; width?: number; height?: number }) => ({
  x: handle.x + (handle.width ?? 0) / 2,
  y: handle.y + (handle.height ?? 0) / 2,
});

describe("stepHandles", () => {
  it("centres the way in on the left edge and the way out on the right edge", () => {
    const handles = stepHandles(makeStep("tool", { id: "t" }), []);
    const { width, height } = NODE_SIZE.tool;
    expect(handles.map((handle) => [handle.id, handle.type, handle.position, centre(handle)])).toEqual([
      ["in", "target", "left", { x: 0, y: height / 2 }],
      ["out", "source", "right", { x: width, y: height / 2 }],
    ]);
    expect(handles.every((handle) => handle.width === HANDLE_SIZE && handle.height === HANDLE_SIZE)).toBe(true);
  });

  it("gives an end step no way out", () => {
    expect(stepHandles(makeStep("end", { id: "e" }), ["ignored"]).map((handle) => handle.id)).toEqual(["in"]);
  });

  it("spreads a branch's ways out down its right edge in edge order, the new-condition handle last", () => {
    const { width, height } = NODE_SIZE.branch;
    const handles = stepHandles(makeStep("branch", { id: "b" }), ["yes", "no"]);
    expect(handles.map((handle) => handle.id)).toEqual(["in", "branch:yes", "branch:no", "out"]);
    // Three ways out: at 1/4, 2/4 and 3/4 of the height, as the branch node's `top` percentages place them.
    expect(handles.slice(1).map((handle) => centre(handle))).toEqual([
      { x: width, y: height / 4 },
      { x: width, y: height / 2 },
      { x: width, y: (3 * height) / 4 },
    ]);
  });
});

describe("outgoingEdgeIds", () => {
  it("lists each step's outgoing edges in the routine's order", () => {
    const routine = makeRoutine({
      steps: [makeStep("branch", { id: "b" }), makeStep("end", { id: "x" }), makeStep("end", { id: "y" })],
      edges: [
        { id: "e2", source: "b", target: "y" },
        { id: "e1", source: "b", target: "x" },
      ],
    });
    expect(outgoingEdgeIds(routine)).toEqual(new Map([["b", ["e2", "e1"]]]));
  });
});
