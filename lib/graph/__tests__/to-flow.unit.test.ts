import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { routineSchema } from "../../routine";
import { applyFlowEdges, applyFlowPositions } from "../from-flow";
import { NODE_SIZE, STAGE_PADDING } from "../sizes";
import { stepHandles } from "../handles";
import { routineToFlow } from "../to-flow";
import { isStageNode, stageNodeId, type FlowNode } from "../types";
import { makeRoutine, makeStep, routineArbitrary } from "../testing/factories";

const chain = makeRoutine({
  steps: [
    makeStep("tool", { id: "a", position: { x: 0, y: 0 } }),
    makeStep("branch", { id: "b", position: { x: 300, y: 0 }, stageId: "st" }),
    makeStep("end", { id: "c", position: { x: 600, y: 100 }, stageId: "st" }),
    makeStep("end", { id: "d" }),
  ],
  edges: [
    { id: "e1", source: "a", target: "b" },
    { id: "e2", source: "b", target: "c", condition: { label: "Approved" } },
    { id: "e3", source: "b", target: "d", condition: { label: "Rejected" } },
    { id: "e4", source: "d", target: "missing" },
  ],
  stages: [
    { id: "st", name: "Decide", description: "" },
    { id: "empty", name: "Later", description: "" },
  ],
});

describe("routineToFlow", () => {
  it("makes one minimal node per step, typed by kind", () => {
    const { nodes, unpositioned } = routineToFlow(chain);
    const a = nodes.find((node) => node.id === "a");
    expect(a).toEqual({
      id: "a",
      type: "tool",
      data: { stepId: "a" },
      position: { x: 0, y: 0 },
      ...NODE_SIZE.tool,
      measured: NODE_SIZE.tool,
      handles: stepHandles(chain.steps[0], ["e1"]),
    });
    expect(nodes.find((node) => node.id === "d")).toMatchObject({ type: "end", position: { x: 0, y: 0 } });
    expect(unpositioned).toEqual(["d"]);
  });

  it("puts staged steps in a group node sized to them, before its children", () => {
    const { nodes } = routineToFlow(chain);
    const stage = nodes.find((node) => node.id === stageNodeId("st"));
    const { top, left, right, bottom } = STAGE_PADDING;
    expect(stage).toMatchObject({
      type: "stage",
      data: { stageId: "st" },
      position: { x: 300 - left, y: -top },
      width: 300 + NODE_SIZE.end.width + left + right,
      height: 100 + NODE_SIZE.end.height + top + bottom,
    });
    expect(nodes.find((node) => node.id === "c")).toMatchObject({
      parentId: "stage:st",
      position: { x: 300 + left, y: 100 + top },
    });
    expect(nodes.findIndex((node) => node.id === "stage:st")).toBeLessThan(nodes.findIndex((node) => node.id === "b"));
  });

  it("places a stage without steps below everything else", () => {
    const empty = routineToFlow(chain).nodes.find((node) => node.id === "stage:empty");
    expect(empty?.position.y).toBeGreaterThan(100 + NODE_SIZE.end.height);
  });

  it("treats a step of an unknown stage as top-level", () => {
    const routine = makeRoutine({ steps: [makeStep("tool", { id: "a", stageId: "gone", position: { x: 5, y: 6 } })] });
    expect(routineToFlow(routine).nodes).toMatchObject([
      { id: "a", type: "tool", data: { stepId: "a" }, position: { x: 5, y: 6 }, ...NODE_SIZE.tool },
    ]);
    expect(routineToFlow(routine).nodes[0]).not.toHaveProperty("parentId");
  });

  it("tells React Flow each node's size and its handles, so nothing is measured on opening", () => {
    const { nodes } = routineToFlow(chain);
    const branch = nodes.find((node) => node.id === "b");
    expect(branch?.measured).toEqual(NODE_SIZE.branch);
    expect(branch?.handles?.map((handle) => handle.id)).toEqual(["in", "branch:e2", "branch:e3", "out"]);
    expect(nodes.find((node) => node.id === "stage:st")?.measured).toMatchObject({
      width: expect.any(Number),
      height: expect.any(Number),
    });
  });

  it("draws branch edges from per-edge handles with their labels, others from 'out'", () => {
    const { edges } = routineToFlow(chain);
    expect(edges.map((edge) => edge.id)).toEqual(["e1", "e2", "e3"]);
    expect(edges[0]).toEqual({
      id: "e1",
      type: "step-edge",
      source: "a",
      target: "b",
      sourceHandle: "out",
      targetHandle: "in",
      data: { edgeId: "e1" },
    });
    expect(edges[1]).toMatchObject({ sourceHandle: "branch:e2", data: { edgeId: "e2", label: "Approved" } });
  });

  it("lets explicit positions override the steps' own", () => {
    const { nodes, unpositioned } = routineToFlow(chain, { positions: new Map([["d", { x: 9, y: 9 }]]) });
    expect(nodes.find((node) => node.id === "d")?.position).toEqual({ x: 9, y: 9 });
    expect(unpositioned).toEqual([]);
  });

  it("moving a stage moves its steps", () => {
    const { nodes } = routineToFlow(chain);
    const moved = nodes.map((node): FlowNode =>
      isStageNode(node) ? { ...node, position: { x: node.position.x + 10, y: node.position.y - 5 } } : node,
    );
    const after = applyFlowPositions(chain, moved);
    expect(after.steps.find((step) => step.id === "c")?.position).toEqual({ x: 610, y: 95 });
    expect(after.steps.find((step) => step.id === "a")).toBe(chain.steps[0]);
  });

  it("generates schema-valid routines in tests", () => {
    fc.assert(fc.property(routineArbitrary(), (routine) => routineSchema.safeParse(routine).success));
  });

  it("always lists a group node before its children", () => {
    fc.assert(
      fc.property(routineArbitrary(), (routine) => {
        const seen = new Set<string>();
        for (const node of routineToFlow(routine).nodes) {
          if (node.parentId !== undefined) expect(seen.has(node.parentId)).toBe(true);
          seen.add(node.id);
        }
      }),
    );
  });

  it("round-trips: positions and edges written back give the same routine", () => {
    fc.assert(
      fc.property(routineArbitrary({ positioned: true }), (routine) => {
        const { nodes, edges } = routineToFlow(routine);
        expect(applyFlowEdges(applyFlowPositions(routine, nodes), edges)).toBe(routine);
      }),
    );
  });

  it("round-trips moved positions into absolute step positions", () => {
    const arbitrary = routineArbitrary({ positioned: true }).chain((routine) =>
      fc.tuple(
        fc.constant(routine),
        fc.array(fc.record({ x: fc.integer({ min: -900, max: 900 }), y: fc.integer({ min: -900, max: 900 }) }), {
          minLength: routine.steps.length,
          maxLength: routine.steps.length,
        }),
      ),
    );
    fc.assert(
      fc.property(arbitrary, ([routine, targets]) => {
        const moved = { ...routine, steps: routine.steps.map((step, i) => ({ ...step, position: targets[i] })) };
        const back = applyFlowPositions(routine, routineToFlow(moved).nodes);
        back.steps.forEach((step, i) => {
          expect(step.position?.x).toBeCloseTo(targets[i].x, 6);
          expect(step.position?.y).toBeCloseTo(targets[i].y, 6);
        });
      }),
    );
  });
});
