import { describe, expect, it } from "vitest";
import { routineSchema } from "../../../routine";
import { plannedRunRoutine } from "../planned-graph";
import { makeCall, makePlan, makeTask } from "./planned-run-factories";

const plan = makePlan([makeTask("t1", { title: "Find Ann" }), makeTask("t2", { title: "Check her balance" })], null);
const first = makeCall("t1-c1", "search_employees", { query: "Ann" }, { id: "E1" });
const second = makeCall("t2-c1", "get_leave_balance", { employee_id: "E1" }, null, { state: "running", output: null });

describe("plannedRunRoutine", () => {
  it("draws one tool step per call in a stage per task, joined in the order the calls ran", () => {
    const routine = plannedRunRoutine({ request: "How many days has Ann left?", plan, calls: [first, second] });
    expect(routine.steps.map((step) => [step.id, step.name, step.stageId])).toEqual([
      ["t1-c1", "Search employees", "t1"],
      ["t2-c1", "Get leave balance", "t2"],
    ]);
    expect(routine.stages.map((stage) => [stage.id, stage.name])).toEqual([
      ["t1", "Find Ann"],
      ["t2", "Check her balance"],
    ]);
    expect(routine.edges.map((edge) => [edge.source, edge.target])).toEqual([["t1-c1", "t2-c1"]]);
    expect(routineSchema.safeParse(routine).success).toBe(true);
  });

  it("grows when a call is added and keeps the ids it already drew", () => {
    const before = plannedRunRoutine({ request: "r", plan, calls: [first] });
    const after = plannedRunRoutine({ request: "r", plan, calls: [first, second] });
    expect(before.steps.map((step) => step.id)).toEqual(["t1-c1"]);
    expect(after.steps.map((step) => step.id)).toEqual(["t1-c1", "t2-c1"]);
    expect(after.steps[0]).toEqual(before.steps[0]);
    expect(plannedRunRoutine({ request: "r", plan, calls: [first, second] })).toEqual(after);
  });

  it("draws a retried call once, with its latest arguments", () => {
    const retried = { ...first, arguments: { query: "Ann Lee" } };
    const routine = plannedRunRoutine({ request: "r", plan, calls: [first, second, retried] });
    expect(routine.steps.map((step) => step.id)).toEqual(["t1-c1", "t2-c1"]);
    expect(routine.steps[0]).toMatchObject({ inputs: { query: { from: "literal", value: "Ann Lee" } } });
  });

  it("ends in an end step only once the planner answered", () => {
    const open = plannedRunRoutine({ request: "r", plan, calls: [first] });
    const answered = plannedRunRoutine({ request: "r", plan: { ...plan, answer: "Ann has 12 days." }, calls: [first] });
    expect(open.steps.some((step) => step.kind === "end")).toBe(false);
    expect(answered.steps.at(-1)).toMatchObject({ kind: "end", outcome: "Ann has 12 days." });
    expect(answered.edges.at(-1)).toMatchObject({ source: "t1-c1", target: "end" });
  });

  it("draws a few hundred calls quickly", () => {
    const tasks = Array.from({ length: 100 }, (_, index) => makeTask(`t${index + 1}`));
    const calls = tasks.flatMap((task) =>
      [1, 2, 3].map((k) => makeCall(`${task.id}-c${k}`, "get_employee", { employee_id: `E${k}` }, { ok: true })),
    );
    const started = performance.now();
    for (let round = 0; round < 10; round++) plannedRunRoutine({ request: "r", plan: makePlan(tasks), calls });
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });
});
