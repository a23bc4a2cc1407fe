import { describe, expect, it } from "vitest";
import { demoRoutines } from "../demo/seed/testing";
import {
  branchEdgeRoute,
  branchLabelBox,
  connectionToEdge,
  isStageNode,
  layoutRoutine,
  NODE_SIZE,
  routineToFlow,
} from "../graph";
import { makeRoutine, makeStep } from "../graph/testing/factories";
import type { Edge, Routine, Step } from "../routine";

type Box = { x: number; y: number; width: number; height: number };
type Labelled = { edge: string; box: Box };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A small deterministic random source, so a failing routine can be rebuilt from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/**
 * A routine shaped like real ones, with many branches: runs of work steps, branches of 2–4 arms (each arm a run that
 * may branch again), arms that rejoin at the step after the branch or finish at an end of their own.
 */
function branchyRoutine(seed: number, minSteps = 50): Routine {
  const next = random(seed);
  const steps: Step[] = [];
  const edges: Edge[] = [];
  const add = (step: Step) => {
    steps.push(step);
    return step.id;
  };
  const link = (source: string, target: string, label?: string) =>
    edges.push({
      id: `e${edges.length + 1}`,
      source,
      target,
      ...(label ? { condition: { label } } : {}),
    });
  const words = ["approved", "rejected by the manager", "needs more information", "over budget", "otherwise"];
  /** Builds a run after `from`; returns the step the run ends on, or undefined when it finished at an end. */
  const run = (from: string, depth: number): string | undefined => {
    let last = from;
    const length = 1 + Math.floor(next() * 3);
    for (let i = 0; i < length; i += 1) {
      if (depth < 3 && next() < 0.35) {
        const branch = add(makeStep("branch", { id: `b${steps.length}` }));
        link(last, branch);
        const merge = add(makeStep("tool", { id: `m${steps.length}` }));
        const arms = 2 + Math.floor(next() * 3);
        let joined = 0;
        for (let arm = 0; arm < arms; arm += 1) {
          const first = add(makeStep("tool", { id: `a${steps.length}` }));
          link(branch, first, `${words[Math.floor(next() * words.length)]} ${arm + 1}`);
          const end = run(first, depth + 1);
          if (end === undefined) continue;
          if (next() < 0.25 && arm > 0) {
            link(end, add(makeStep("end", { id: `x${steps.length}` })));
          } else {
            link(end, merge);
            joined += 1;
          }
        }
        if (joined === 0) link(branch, merge, "none of the above");
        last = merge;
      } else {
        const step = add(makeStep(next() < 0.2 ? "human" : "tool", { id: `t${steps.length}` }));
        link(last, step);
        last = step;
      }
    }
    return last;
  };
  let last = add(makeStep("tool", { id: "start" }));
  while (steps.length < minSteps) last = run(last, 0) ?? last;
  link(last, add(makeStep("end", { id: "finish" })));
  return makeRoutine({ steps, edges });
}

/** Each branch edge's label box where the edge components draw it, from the laid-out routine's flow. */
function labelBoxes(routine: Routine): Labelled[] {
  const flow = routineToFlow(routine);
  const nodes = new Map(flow.nodes.filter((node) => !isStageNode(node)).map((node) => [node.id, node]));
  const handleAt = (nodeId: string, handleId: string | null | undefined, side: "source" | "target") => {
    const node = nodes.get(nodeId)!;
    const handle = node.handles!.find((candidate) => candidate.id === handleId && candidate.type === side)!;
    // React Flow joins an edge to the outer side of a right (source) handle and the inner side of a left one.
    const x = node.position.x + handle.x + (side === "source" ? handle.width! : 0);
    return { x, y: node.position.y + handle.y + handle.height! / 2 };
  };
  const boxes: Labelled[] = [];
  for (const edge of flow.edges) {
    const label = edge.data?.label;
    if (!label) continue;
    const route = branchEdgeRoute(
      handleAt(edge.source, edge.sourceHandle, "source"),
      handleAt(edge.target, edge.targetHandle, "target"),
    );
    if (route) boxes.push({ edge: edge.id, box: branchLabelBox(route, label) });
  }
  return boxes;
}

function labelOverlaps(boxes: Labelled[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      if (overlaps(a.box, b.box)) found.push(`${a.edge} × ${b.edge}`);
    }),
  );
  return found;
}

function labelsOverSteps(routine: Routine, boxes: Labelled[]): string[] {
  const found: string[] = [];
  for (const { edge, box } of boxes)
    for (const step of routine.steps) {
      const rect = { ...step.position!, ...NODE_SIZE[step.kind] };
      if (overlaps(box, rect)) found.push(`${edge} over ${step.id}`);
    }
  return found;
}

function ownHandles(routine: Routine): string[] {
  const flow = routineToFlow(routine);
  const problems: string[] = [];
  const kinds = new Map(routine.steps.map((step) => [step.id, step.kind]));
  const handlesUsed = new Set<string>();
  for (const edge of flow.edges) {
    if (kinds.get(edge.source) !== "branch") continue;
    const key = `${edge.source}/${edge.sourceHandle}`;
    if (handlesUsed.has(key)) problems.push(`${edge.id} shares ${key}`);
    handlesUsed.add(key);
    const node = flow.nodes.find((candidate) => candidate.id === edge.source)!;
    if (!node.handles?.some((handle) => handle.id === edge.sourceHandle)) problems.push(`${edge.id} has no handle`);
  }
  return problems;
}

describe("branches drawn apart", () => {
  it.each(demoRoutines().map((routine) => [routine.name, routine] as const))(
    "the demo routine “%s” has one handle per branch edge and no colliding labels",
    async (_name, routine) => {
      const laid = await layoutRoutine(routine, { direction: "RIGHT" });
      const boxes = labelBoxes(laid);
      expect(boxes.length).toBe(routine.edges.filter((edge) => edge.condition).length);
      expect(labelOverlaps(boxes)).toEqual([]);
      expect(labelsOverSteps(laid, boxes)).toEqual([]);
      expect(ownHandles(laid)).toEqual([]);
    },
  );

  it.each([1, 2, 3, 4, 5, 6, 7, 8])("a generated branchy routine (seed %i) keeps its labels apart", async (seed) => {
    const routine = branchyRoutine(seed);
    expect(routine.steps.length).toBeGreaterThanOrEqual(50);
    expect(routine.steps.filter((step) => step.kind === "branch").length).toBeGreaterThan(2);
    const laid = await layoutRoutine(routine, { direction: "RIGHT" });
    const boxes = labelBoxes(laid);
    expect(labelOverlaps(boxes)).toEqual([]);
    expect(labelsOverSteps(laid, boxes)).toEqual([]);
    expect(ownHandles(laid)).toEqual([]);
  });

  it("draws sibling edges in their own lanes, ordered like their handles", async () => {
    const routine = makeRoutine({
      steps: ["yes", "maybe", "no"].reduce<Step[]>(
        (steps, id) => [...steps, makeStep("end", { id })],
        [makeStep("branch", { id: "b" })],
      ),
      edges: ["yes", "maybe", "no"].map((id, i) => ({
        id: `e${i}`,
        source: "b",
        target: id,
        condition: { label: id },
      })),
    });
    const laid = await layoutRoutine(routine, { direction: "RIGHT" });
    const boxes = labelBoxes(laid);
    const ys = boxes.map((entry) => entry.box.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    expect(new Set(ys).size).toBe(3);
    expect(labelOverlaps(boxes)).toEqual([]);
  });

  it("gives an edge drawn from a branch on the canvas a handle of its own", async () => {
    const routine = makeRoutine({
      steps: [makeStep("branch", { id: "b" }), makeStep("end", { id: "yes" }), makeStep("end", { id: "no" })],
      edges: [{ id: "e1", source: "b", target: "yes", condition: { label: "Approved" } }],
    });
    const drawn = connectionToEdge(routine, { source: "b", target: "no", sourceHandle: "out", targetHandle: "in" });
    if (!drawn.ok) throw new Error(drawn.message);
    const laid = await layoutRoutine({ ...routine, edges: [...routine.edges, drawn.edge] }, { direction: "RIGHT" });
    expect(ownHandles(laid)).toEqual([]);
    expect(labelOverlaps(labelBoxes(laid))).toEqual([]);
  });
});
