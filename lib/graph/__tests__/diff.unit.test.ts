import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Step } from "../../routine";
import { diffRoutines, isEmptyDiff } from "../diff";
import { makeRoutine, makeStep, routineArbitrary } from "../testing/factories";

const check = makeStep("tool", {
  id: "check",
  name: "Check balance",
  inputs: { employee_id: { from: "input", name: "employee_id" }, year: { from: "literal", value: 2025 } },
  position: { x: 0, y: 0 },
});
const before = makeRoutine({
  steps: [check, makeStep("branch", { id: "enough" }), makeStep("end", { id: "done" })],
  edges: [
    { id: "e1", source: "check", target: "enough" },
    { id: "e2", source: "enough", target: "done", condition: { label: "Enough days" } },
  ],
  stages: [{ id: "st", name: "Check", description: "" }],
});

describe("diffRoutines", () => {
  it("finds nothing between a routine and itself or its copy", () => {
    expect(isEmptyDiff(diffRoutines(before, before))).toBe(true);
    fc.assert(
      fc.property(routineArbitrary(), (routine) => isEmptyDiff(diffRoutines(routine, structuredClone(routine)))),
    );
  });

  it("lists added and removed steps, edges and stages by id", () => {
    const extra = makeStep("human", { id: "ask" });
    const after = {
      ...before,
      steps: [before.steps[0], before.steps[1], extra],
      edges: [before.edges[0], { id: "e3", source: "enough", target: "ask" }],
      stages: [{ id: "st2", name: "Ask", description: "" }],
    };
    const diff = diffRoutines(before, after);
    expect(diff.steps.added).toEqual([extra]);
    expect(diff.steps.removed.map((step) => step.id)).toEqual(["done"]);
    expect(diff.edges.added.map((edge) => edge.id)).toEqual(["e3"]);
    expect(diff.edges.removed.map((edge) => edge.id)).toEqual(["e2"]);
    expect(diff.stages.added.map((stage) => stage.id)).toEqual(["st2"]);
    expect(diff.stages.removed.map((stage) => stage.id)).toEqual(["st"]);
    expect(diff.steps.changed).toEqual([]);
  });

  it("names changed step fields, one binding at a time", () => {
    const changed = {
      ...check,
      name: "Check leave balance",
      tool: { server: "hr", name: "get_balance" },
      inputs: { employee_id: { from: "model", hint: "who asks" }, month: { from: "literal", value: 3 } },
      outputs: [{ name: "balance", description: "" }],
      timeoutMs: 5000,
    } satisfies Step;
    const diff = diffRoutines(before, { ...before, steps: [changed, ...before.steps.slice(1)] });
    expect(diff.steps.changed).toEqual([
      {
        before: check,
        after: changed,
        fields: ["name", "tool", "inputs.employee_id", "inputs.month", "inputs.year", "outputs", "timeoutMs"],
      },
    ]);
  });

  it("reports a kind change with the fields that differ", () => {
    const asEnd = makeStep("end", { id: "enough" });
    const diff = diffRoutines(before, { ...before, steps: [check, asEnd, before.steps[2]] });
    expect(diff.steps.changed[0].fields).toEqual(["kind"]);
  });

  it("ignores moves unless asked", () => {
    const moved = { ...before, steps: [{ ...check, position: { x: 50, y: 0 } }, ...before.steps.slice(1)] };
    expect(isEmptyDiff(diffRoutines(before, moved))).toBe(true);
    expect(diffRoutines(before, moved, { includePositions: true }).steps.changed[0].fields).toEqual(["position"]);
    const placed = { ...before, steps: [check, { ...before.steps[1], position: { x: 1, y: 1 } }, before.steps[2]] };
    expect(diffRoutines(before, placed, { includePositions: true }).steps.changed[0].fields).toEqual(["position"]);
  });

  it("names changed edge fields down to the condition part", () => {
    const after = {
      ...before,
      edges: [
        { id: "e1", source: "check", target: "done" },
        { id: "e2", source: "enough", target: "done", condition: { label: "Has days", expression: "balance > 0" } },
      ],
    };
    const diff = diffRoutines(before, after);
    expect(diff.edges.changed.map((change) => change.fields)).toEqual([
      ["target"],
      ["condition.label", "condition.expression"],
    ]);
  });

  it("names changed routine fields, leaving collections to their own lists", () => {
    const after = { ...before, name: "Leave", intents: ["I want a day off"], steps: [check] };
    expect(diffRoutines(before, after).routine.fields).toEqual(["name", "intents"]);
  });

  it("treats a field set to undefined as absent", () => {
    const after = { ...before, steps: [{ ...check, completion: undefined }, ...before.steps.slice(1)] };
    expect(isEmptyDiff(diffRoutines(before, after))).toBe(true);
  });
});
