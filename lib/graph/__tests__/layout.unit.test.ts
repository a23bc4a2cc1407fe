import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Edge, Routine } from "../../routine";
import { hasUnpositionedSteps, layoutIfUnpositioned, layoutRoutine, placeNewSteps } from "../layout";
import { NODE_SIZE } from "../sizes";
import { routineToFlow } from "../to-flow";
import { isStageNode } from "../types";
import { makeRoutine, makeStep, routineArbitrary } from "../testing/factories";

type Rect = { id: string; x: number; y: number; width: number; height: number };

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Pairs of overlapping rectangles, by a sweep over x so 1,000 nodes stay cheap. */
function overlappingPairs(rects: Rect[]): [string, string][] {
  const sorted = [...rects].sort((a, b) => a.x - b.x);
  const pairs: [string, string][] = [];
  sorted.forEach((a, i) => {
    for (let j = i + 1; j < sorted.length && sorted[j].x < a.x + a.width; j += 1) {
      if (overlaps(a, sorted[j])) pairs.push([a.id, sorted[j].id]);
    }
  });
  return pairs;
}

function stepRects(routine: Routine): Rect[] {
  return routine.steps.map((step) => ({
    id: step.id,
    ...(step.position ?? { x: NaN, y: NaN }),
    ...NODE_SIZE[step.kind],
  }));
}

function chain(length: number): Routine {
  const steps = Array.from({ length }, (_, i) => makeStep(i === length - 1 ? "end" : "tool", { id: `s${i}` }));
  const edges: Edge[] = steps.slice(1).map((step, i) => ({ id: `e${i}`, source: `s${i}`, target: step.id }));
  return makeRoutine({ steps, edges });
}

describe("layoutRoutine", () => {
  it("lays a chain out left to right, or top to bottom", async () => {
    const right = await layoutRoutine(chain(6), { direction: "RIGHT", wrap: false });
    const down = await layoutRoutine(chain(6), { direction: "DOWN", wrap: false });
    const xs = right.steps.map((step) => step.position?.x ?? NaN);
    const ys = down.steps.map((step) => step.position?.y ?? NaN);
    xs.slice(1).forEach((x, i) => expect(x).toBeGreaterThan(xs[i] + NODE_SIZE.tool.width));
    ys.slice(1).forEach((y, i) => expect(y).toBeGreaterThan(ys[i] + NODE_SIZE.tool.height));
  });

  it("leaves everything but positions as it was", async () => {
    const routine = chain(3);
    const laid = await layoutRoutine(routine, { direction: "RIGHT" });
    expect({ ...laid, steps: laid.steps.map(({ position: _position, ...step }) => step) }).toEqual(routine);
    expect(await layoutRoutine(makeRoutine(), { direction: "DOWN" })).toEqual(makeRoutine());
  });

  it("keeps branch edges in order and survives self-loops, dangling edges and duplicate ids", async () => {
    const routine = makeRoutine({
      steps: [
        makeStep("branch", { id: "b" }),
        makeStep("end", { id: "yes" }),
        makeStep("end", { id: "no" }),
        makeStep("end", { id: "no" }),
      ],
      edges: [
        { id: "e1", source: "b", target: "yes", condition: { label: "Approved by the manager" } },
        { id: "e2", source: "b", target: "no", condition: { label: "Rejected" } },
        { id: "e3", source: "b", target: "b" },
        { id: "e3", source: "b", target: "ghost" },
      ],
    });
    const down = await layoutRoutine(routine, { direction: "DOWN" });
    const [, yesDown, noDown] = down.steps.map((step) => step.position ?? { x: NaN, y: NaN });
    expect(yesDown.x).toBeLessThan(noDown.x);
    expect(overlappingPairs(stepRects(down))).toEqual([]);
    const right = await layoutRoutine(routine, { direction: "RIGHT" });
    const [, yesRight, noRight] = right.steps.map((step) => step.position ?? { x: NaN, y: NaN });
    expect(yesRight.y).toBeLessThan(noRight.y);
  });

  it("never overlaps steps, stages keep their steps and stay apart, for routines of 200+ steps", async () => {
    await fc.assert(
      fc.asyncProperty(
        routineArbitrary({ minSteps: 200, maxSteps: 260, maxStages: 4 }),
        fc.constantFrom("RIGHT" as const, "DOWN" as const),
        async (routine, direction) => {
          const laid = await layoutRoutine(routine, { direction });
          expect(overlappingPairs(stepRects(laid))).toEqual([]);
          const { nodes } = routineToFlow(laid);
          const stages: Rect[] = nodes
            .filter(isStageNode)
            .map((node) => ({ id: node.id, ...node.position, width: node.width ?? 0, height: node.height ?? 0 }));
          const topLevel = laid.steps.filter(
            (step) => !nodes.some((node) => node.id === step.id && node.parentId !== undefined),
          );
          expect(overlappingPairs([...stages, ...stepRects({ ...laid, steps: topLevel })])).toEqual([]);
        },
      ),
      { numRuns: 4 },
    );
  });

  it("lays out 1,000 steps in reasonable time", async () => {
    const [routine] = fc.sample(routineArbitrary({ minSteps: 1000, maxSteps: 1000, maxStages: 5 }), {
      numRuns: 1,
      seed: 42,
    });
    const started = performance.now();
    const laid = await layoutRoutine(routine, { direction: "RIGHT" });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(laid.steps.every((step) => step.position !== undefined)).toBe(true);
    expect(overlappingPairs(stepRects(laid))).toEqual([]);
  });
});

describe("layoutIfUnpositioned", () => {
  it("lays out a routine whose steps have no positions, without overlaps", async () => {
    const routine = chain(6);
    expect(hasUnpositionedSteps(routine)).toBe(true);
    const laidOut = await layoutIfUnpositioned(routine);
    expect(hasUnpositionedSteps(laidOut)).toBe(false);
    expect(overlappingPairs(stepRects(laidOut))).toEqual([]);
  });

  it("returns a fully positioned routine untouched", async () => {
    const positioned = await layoutRoutine(chain(4), { direction: "DOWN" });
    expect(await layoutIfUnpositioned(positioned)).toBe(positioned);
  });
});

describe("placeNewSteps", () => {
  it("keeps positioned steps and places new ones beside what they follow, without overlaps", async () => {
    const positioned = await layoutRoutine(chain(3), { direction: "RIGHT" });
    const [s0, s1] = positioned.steps;
    const newSteps = [makeStep("tool", { id: "n1" }), makeStep("tool", { id: "n2" }), makeStep("skill", { id: "n3" })];
    const routine: Routine = {
      ...positioned,
      steps: [...positioned.steps, ...newSteps],
      edges: [
        ...positioned.edges,
        { id: "x1", source: "s0", target: "n1" },
        { id: "x2", source: "n1", target: "n2" },
        { id: "x3", source: "s0", target: "n3" },
      ],
    };
    const placed = placeNewSteps(routine);
    expect(placed.steps.slice(0, 3).map((step) => step.position)).toEqual(
      positioned.steps.map((step) => step.position),
    );
    const at = (id: string) => placed.steps.find((step) => step.id === id)!.position!;
    expect(at("n1").x).toBeGreaterThan(s0!.position!.x);
    expect(at("n2").x).toBeGreaterThan(at("n1").x);
    expect(overlappingPairs(stepRects(placed))).toEqual([]);
    expect(s1).toBeDefined();
  });

  it("puts a step that follows nothing below the rest", async () => {
    const positioned = await layoutRoutine(chain(2), { direction: "RIGHT" });
    const placed = placeNewSteps({ ...positioned, steps: [...positioned.steps, makeStep("end", { id: "loose" })] });
    const lowest = Math.max(...positioned.steps.map((step) => step.position!.y + NODE_SIZE[step.kind].height));
    expect(placed.steps.at(-1)!.position!.y).toBeGreaterThan(lowest);
  });
});
