import { describe, expect, it } from "vitest";
import { DEMO_HR_TOOLS } from "../../../demo/hr-tools";
import { isValid, routineSchema, type Step } from "../../../routine";
import { draftFromPlannedRun } from "../draft-from-run";
import { makeCall, makePlan, makeTask } from "./planned-run-factories";

const REQUEST = "Ann Lee wants annual leave from 2025-07-01 to 2025-07-03; check her balance and apply.";

/** A realistic run: find the employee, check the balance, apply for the leave. */
function leaveRun() {
  const plan = makePlan([
    makeTask("t1", { title: "Find Ann Lee", criteria: "We know Ann Lee's employee ID." }),
    makeTask("t2", { title: "Check her annual leave balance", criteria: "We know how many annual days she has left." }),
    makeTask("t3", { title: "Apply for the leave", criteria: "The leave request is submitted." }),
  ]);
  const calls = [
    makeCall("t1-c1", "search_employees", { query: "Ann Lee" }, { employees: [{ id: "E1024", name: "Ann Lee" }] }),
    makeCall("t2-c1", "get_leave_balance", { employee_id: "E1024", leave_type: "annual" }, { balance: { annual: 12 } }),
    makeCall(
      "t3-c1",
      "apply_leave",
      {
        employee_id: "E1024",
        leave_type: "annual",
        start_date: "2025-07-01",
        end_date: "2025-07-03",
        reason: "Family visit",
      },
      { request_id: "LR-1", status: "pending" },
    ),
  ];
  return { request: REQUEST, plan, calls, catalog: DEMO_HR_TOOLS, runId: "run-42" };
}

function toolStep(steps: Step[], id: string) {
  const step = steps.find((candidate) => candidate.id === id);
  if (step?.kind !== "tool") throw new Error(`no tool step ${id}`);
  return step;
}

describe("draftFromPlannedRun", () => {
  it("drafts a routine that fits the schema and the live catalog, with the request as its intent", () => {
    const { routine, issues, dropped } = draftFromPlannedRun(leaveRun());
    expect(routineSchema.safeParse(routine).success).toBe(true);
    expect(issues.filter((found) => found.severity === "error")).toEqual([]);
    expect(isValid(issues)).toBe(true);
    expect(dropped).toEqual([]);
    expect(routine.intents).toEqual([REQUEST]);
    expect(routine.description).toContain("Drafted from planned run run-42");
    expect(routine.name).toBe("Find Ann Lee; Check her annual leave balance; Apply for the leave");
    expect(routine.steps.map((step) => step.kind)).toEqual(["tool", "tool", "tool", "end"]);
    expect(routine.stages.map((stage) => [stage.id, stage.description])).toEqual([
      ["t1", "We know Ann Lee's employee ID."],
      ["t2", "We know how many annual days she has left."],
      ["t3", "The leave request is submitted."],
    ]);
    expect(toolStep(routine.steps, "t3-c1").completion).toBe("The leave request is submitted.");
  });

  it("binds an argument to the earlier output that held its value, by a nested path", () => {
    const { routine } = draftFromPlannedRun(leaveRun());
    expect(toolStep(routine.steps, "t2-c1").inputs.employee_id).toEqual({
      from: "step",
      stepId: "t1-c1",
      path: "result.employees.0.id",
    });
    expect(toolStep(routine.steps, "t3-c1").inputs.employee_id).toMatchObject({ from: "step", stepId: "t1-c1" });
  });

  it("leaves a value that came from the request to the model, and a value from nowhere as a literal", () => {
    const inputs = toolStep(draftFromPlannedRun(leaveRun()).routine.steps, "t3-c1").inputs;
    expect(inputs.start_date).toEqual({ from: "model", hint: 'start_date from the request, e.g. "2025-07-01"' });
    expect(inputs.leave_type).toMatchObject({ from: "model" });
    expect(inputs.reason).toEqual({ from: "literal", value: "Family visit" });
  });

  it("finds a number passed as text, and a value inside an output kept in variable memory", () => {
    const run = leaveRun();
    run.calls[0] = makeCall("t1-c1", "search_employees", { query: "Ann Lee" }, { $var: "VAR_t1-c1_1", preview: "…" });
    run.calls[1] = makeCall("t2-c1", "get_leave_balance", { employee_id: "1024", leave_type: "annual" });
    const variables = new Map([["VAR_t1-c1_1", JSON.stringify({ employees: [{ number: 1024 }] })]]);
    const { routine } = draftFromPlannedRun({ ...run, variables });
    expect(toolStep(routine.steps, "t2-c1").inputs.employee_id).toEqual({
      from: "step",
      stepId: "t1-c1",
      path: "result.employees.0.number",
    });
  });

  it("leaves out failed calls and the calls of tasks that failed or were dropped, saying why", () => {
    const run = leaveRun();
    run.plan.tasks[1] = { ...run.plan.tasks[1], status: "failed" };
    run.calls.splice(2, 0, makeCall("t3-c2", "get_leave_policy", { leave_type: "annual" }, null, { state: "failed" }));
    run.calls.push(makeCall("t9-c1", "get_employee", { employee_id: "E1024" }));
    const { routine, dropped } = draftFromPlannedRun(run);
    expect(routine.steps.map((step) => step.id)).toEqual(["t1-c1", "t3-c1", "end"]);
    expect(dropped).toEqual(
      [
        'get_leave_balance served "Check her annual leave balance", which ended failed.',
        "get_leave_policy did not succeed (failed).",
        "get_employee served no task of the plan.",
      ].map((reason, index) => `${["t2-c1", "t3-c2", "t9-c1"][index]}: ${reason}`),
    );
  });

  it("reports a tool the live catalog does not have as an error", () => {
    const run = leaveRun();
    run.calls[1] = { ...run.calls[1], tool: "get_leave_balance_v0" };
    const { issues } = draftFromPlannedRun(run);
    expect(issues).toContainEqual(
      expect.objectContaining({ code: "unknown-tool", stepId: "t2-c1", severity: "error" }),
    );
  });

  it("converts a 100-task, 300-call plan quickly", () => {
    const tasks = Array.from({ length: 100 }, (_, index) => makeTask(`t${index + 1}`));
    const calls = tasks.flatMap((task, index) =>
      [1, 2, 3].map((k) =>
        makeCall(
          `${task.id}-c${k}`,
          "get_employee",
          { employee_id: `E${index}-${k - 1}` },
          {
            id: `E${index}-${k}`,
            manager: { id: `E${index}-${k}`, reports: Array.from({ length: 20 }, (_, r) => `R${index}-${r}`) },
          },
        ),
      ),
    );
    const started = performance.now();
    const { routine, issues } = draftFromPlannedRun({
      request: "r",
      plan: makePlan(tasks),
      calls,
      catalog: DEMO_HR_TOOLS,
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(routine.steps).toHaveLength(301);
    expect(isValid(issues)).toBe(true);
    expect(toolStep(routine.steps, "t2-c2").inputs.employee_id).toEqual({
      from: "step",
      stepId: "t2-c1",
      path: "result.id",
    });
  });
});
