import { describe, expect, it } from "vitest";
import type { Edge, Routine } from "../../routine";
import { layoutRoutine } from "../layout";
import { NODE_SIZE } from "../sizes";
import { makeRoutine, makeStep } from "../testing/factories";
import { WRAP } from "../wrap-rows";

function chain(length: number): Routine {
  const steps = Array.from({ length }, (_, i) => makeStep(i === length - 1 ? "end" : "tool", { id: `s${i}` }));
  const edges: Edge[] = steps.slice(1).map((step, i) => ({ id: `e${i}`, source: `s${i}`, target: step.id }));
  return makeRoutine({ steps, edges });
}

/** The box around the laid-out steps. */
function bounds(routine: Routine) {
  const rects = routine.steps.map((step) => ({ ...step.position!, ...NODE_SIZE[step.kind] }));
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return {
    width: Math.max(...rects.map((r) => r.x + r.width)) - x,
    height: Math.max(...rects.map((r) => r.y + r.height)) - y,
  };
}

const fitZoom = (routine: Routine) => {
  const { width, height } = bounds(routine);
  return Math.min(WRAP.canvas.width / width, WRAP.canvas.height / height);
};

describe("wrapping a small routine into rows", () => {
  it("folds an eight-step chain into rows read left to right, top to bottom", async () => {
    const laid = await layoutRoutine(chain(8), { direction: "RIGHT" });
    const band = await layoutRoutine(chain(8), { direction: "RIGHT", wrap: false });
    // Reading order: along a row to the right, then the next row starts further down and back at the left.
    const at = laid.steps.map((step) => step.position!);
    const rowTops = new Set(at.map((p) => Math.floor(p.y / NODE_SIZE.tool.height)));
    expect(rowTops.size).toBeGreaterThan(1);
    at.slice(1).forEach((p, i) => {
      const previous = at[i];
      // Same row (an end step is drawn lower, centred on the row's line).
      if (Math.abs(p.y - previous.y) < NODE_SIZE.tool.height)
        expect(p.x).toBeGreaterThan(previous.x + NODE_SIZE.tool.width);
      else expect(p.y).toBeGreaterThan(previous.y + NODE_SIZE.tool.height);
    });
    // It fits the design canvas at a zoom where a 15 px name renders at 11 px or more; the band did not.
    expect(fitZoom(laid) * 15).toBeGreaterThanOrEqual(11);
    expect(fitZoom(band) * 15).toBeLessThan(11);
  });

  it("folds DOWN layouts into columns", async () => {
    const laid = await layoutRoutine(chain(10), { direction: "DOWN" });
    expect(new Set(laid.steps.map((step) => step.position!.x)).size).toBeGreaterThan(1);
    expect(fitZoom(laid)).toBeGreaterThan(fitZoom(await layoutRoutine(chain(10), { direction: "DOWN", wrap: false })));
  });

  it("never cuts between a branch and the steps its labelled edges lead to", async () => {
    const steps = [
      ...["a", "b", "c"].map((id) => makeStep("tool", { id })),
      makeStep("branch", { id: "q" }),
      ...["yes", "no", "after"].map((id) => makeStep("tool", { id })),
      makeStep("end", { id: "done" }),
    ];
    const edges: Edge[] = [
      { id: "e1", source: "a", target: "b" },
      { id: "e2", source: "b", target: "c" },
      { id: "e3", source: "c", target: "q" },
      { id: "e4", source: "q", target: "yes", condition: { label: "Approved" } },
      { id: "e5", source: "q", target: "no", condition: { label: "Rejected" } },
      { id: "e6", source: "yes", target: "after" },
      { id: "e7", source: "no", target: "done" },
      { id: "e8", source: "after", target: "done" },
    ];
    const laid = await layoutRoutine(makeRoutine({ steps, edges }), { direction: "RIGHT" });
    const position = new Map(laid.steps.map((step) => [step.id, step.position!]));
    expect(new Set(laid.steps.map((step) => step.position!.y)).size).toBeGreaterThan(2);
    for (const arm of ["yes", "no"]) {
      // Same row: the arm is right of the branch, its lane within the branch's row band.
      expect(position.get(arm)!.x).toBeGreaterThan(position.get("q")!.x + NODE_SIZE.branch.width);
      expect(Math.abs(position.get(arm)!.y - position.get("q")!.y)).toBeLessThan(2 * NODE_SIZE.tool.height);
    }
  });

  it("leaves large routines, routines with stages and tiny ones as one band", async () => {
    const oneRow = (routine: Routine) =>
      Math.max(...routine.steps.map((step) => step.position!.y)) -
      Math.min(...routine.steps.map((step) => step.position!.y));
    const large = await layoutRoutine(chain(WRAP.maxSteps + 1), { direction: "RIGHT" });
    expect(oneRow(large)).toBeLessThan(NODE_SIZE.tool.height);
    const tiny = await layoutRoutine(chain(2), { direction: "RIGHT" });
    expect(oneRow(tiny)).toBeLessThan(NODE_SIZE.tool.height);
    const staged = chain(8);
    staged.stages = [{ id: "st", name: "Stage", description: "" }];
    staged.steps = staged.steps.map((step) => ({ ...step, stageId: "st" }));
    expect(oneRow(await layoutRoutine(staged, { direction: "RIGHT" }))).toBeLessThan(NODE_SIZE.tool.height);
  });
});
