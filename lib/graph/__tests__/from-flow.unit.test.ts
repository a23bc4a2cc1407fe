import { describe, expect, it } from "vitest";
import { applyFlowEdges, applyFlowPositions } from "../from-flow";
import { routineToFlow } from "../to-flow";
import { makeRoutine, makeStep } from "../testing/factories";

const routine = makeRoutine({
  steps: [
    makeStep("tool", { id: "a", position: { x: 0, y: 0 } }),
    makeStep("skill", { id: "b" }),
    makeStep("end", { id: "c" }),
  ],
  edges: [
    { id: "e1", source: "a", target: "b" },
    { id: "e2", source: "b", target: "c" },
    { id: "e3", source: "c", target: "ghost" },
  ],
});

describe("applyFlowPositions", () => {
  it("writes moved positions immutably and keeps unmoved steps", () => {
    const after = applyFlowPositions(routine, [
      { id: "a", position: { x: 0, y: 0 } },
      { id: "b", position: { x: 4, y: 5 } },
    ]);
    expect(after).not.toBe(routine);
    expect(after.steps[0]).toBe(routine.steps[0]);
    expect(after.steps[1].position).toEqual({ x: 4, y: 5 });
    expect(routine.steps[1].position).toBeUndefined();
    expect(after.steps[2]).toBe(routine.steps[2]);
  });

  it("returns the same routine when nothing moved, ignoring unknown nodes", () => {
    expect(
      applyFlowPositions(routine, [
        { id: "a", position: { x: 0, y: 0 } },
        { id: "stage:x", position: { x: 1, y: 1 } },
      ]),
    ).toBe(routine);
  });

  it("adds up positions through parents and survives a parent cycle", () => {
    const after = applyFlowPositions(routine, [
      { id: "p", position: { x: 100, y: 10 }, parentId: "q" },
      { id: "q", position: { x: 1, y: 1 }, parentId: "p" },
      { id: "b", position: { x: 5, y: 5 }, parentId: "p" },
    ]);
    expect(after.steps[1].position).toEqual({ x: 106, y: 16 });
  });
});

describe("applyFlowEdges", () => {
  it("drops edges deleted on the canvas and keeps edges it never showed", () => {
    const { edges } = routineToFlow(routine);
    const after = applyFlowEdges(
      routine,
      edges.filter((edge) => edge.id !== "e2"),
    );
    expect(after.edges.map((edge) => edge.id)).toEqual(["e1", "e3"]);
  });

  it("moves reconnected edges and keeps their conditions", () => {
    const branchy = makeRoutine({
      steps: [makeStep("branch", { id: "x" }), makeStep("end", { id: "y" }), makeStep("end", { id: "z" })],
      edges: [{ id: "e1", source: "x", target: "y", condition: { label: "Yes", expression: "ok" } }],
    });
    const [edge] = routineToFlow(branchy).edges;
    const after = applyFlowEdges(branchy, [{ ...edge, target: "z" }]);
    expect(after.edges).toEqual([
      { id: "e1", source: "x", target: "z", condition: { label: "Yes", expression: "ok" } },
    ]);
  });

  it("ignores canvas edges without a routine edge", () => {
    const { edges } = routineToFlow(routine);
    expect(
      applyFlowEdges(routine, [
        ...edges,
        { source: "a", target: "c", data: { edgeId: "new" } },
        { source: "a", target: "c" },
      ]),
    ).toBe(routine);
  });
});
