import { describe, expect, it } from "vitest";
import { edge, endStep, humanStep, makeRoutine, toolStep } from "../../routine/testing/factories";
import { stepDetailRows } from "../step-detail";

const find = toolStep({
  id: "find",
  name: "Find employee",
  tool: { server: "hr", name: "find_employee" },
  outputs: [{ name: "employee", description: "The record" }],
});
const check = toolStep({
  id: "check",
  name: "Check balance",
  description: "Look up the leave left.",
  inputs: {
    employee_id: { from: "step", stepId: "find", path: "employee.id" },
    year: { from: "literal", value: 2025 },
  },
  outputs: [{ name: "balance", description: "" }],
  completion: "The balance is known",
});
const done = endStep({ id: "done", name: "Done" });
const base = makeRoutine({ steps: [find, check, done], edges: [edge(find, check), edge(check, done)] });

const view = (rows: ReturnType<typeof stepDetailRows>) =>
  rows.map((row) => [row.key, row.status, row.before, row.after]);

describe("stepDetailRows", () => {
  it("writes bindings, outputs and connections for people and marks what changed", () => {
    const changed = {
      ...check,
      tool: { server: "hr", name: "get_leave_balance_v2" },
      inputs: { employee_id: { from: "model" as const, hint: "the employee asking" } },
      completion: undefined,
    };
    const proposed = { ...base, steps: [find, changed, done] };
    expect(view(stepDetailRows(base, proposed, "check"))).toEqual([
      ["kind", "same", "tool", "tool"],
      ["name", "same", "Check balance", "Check balance"],
      ["description", "same", "Look up the leave left.", "Look up the leave left."],
      ["tool", "changed", "hr / get_leave_balance", "hr / get_leave_balance_v2"],
      [
        "inputs.employee_id",
        "changed",
        "employee.id from “Find employee”",
        "the model extracts it: the employee asking",
      ],
      ["inputs.year", "removed", "the value 2025", null],
      ["outputs.balance", "same", "(no description)", "(no description)"],
      ["completion", "removed", "The balance is known", null],
      ["next.check-done", "same", "“Done”", "“Done”"],
    ]);
  });

  it("shows a new step with every row added, and a removed one with every row removed", () => {
    const ask = humanStep({
      id: "ask",
      name: "Ask HR",
      instruction: "Confirm.",
      form: [{ name: "ok", description: "", type: "boolean", required: true }],
    });
    const proposed = makeRoutine({ steps: [find, ask, done], edges: [edge(find, ask), edge(ask, done, "approved")] });
    const added = stepDetailRows(base, proposed, "ask");
    expect(added.every((row) => row.status === "added" && row.before === null)).toBe(true);
    expect(added.map((row) => row.after)).toContain("boolean, required");
    expect(added.map((row) => row.after)).toContain("“Done” — approved");
    expect(added.map((row) => row.key)).not.toContain("description");
    const removed = stepDetailRows(base, proposed, "check");
    expect(removed.every((row) => row.status === "removed" && row.after === null)).toBe(true);
    expect(removed.map((row) => row.key)).toEqual([
      "kind",
      "name",
      "description",
      "tool",
      "inputs.employee_id",
      "inputs.year",
      "outputs.balance",
      "completion",
      "next.check-done",
    ]);
  });

  it("lists a first version's step with nothing before", () => {
    expect(stepDetailRows(null, base, "find").every((row) => row.status === "added")).toBe(true);
  });
});
