import { describe, expect, it } from "vitest";
import { DEMO_HR_TOOLS } from "../demo/hr-tools";
import {
  type StepOf,
  type ToolDefinition,
  applyToolSuggestion,
  bindToolInputs,
  editDistance,
  matchParameter,
  phraseWords,
  suggestTools,
} from "../routine";

const tool = (name: string): ToolDefinition => {
  const found = DEMO_HR_TOOLS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no demo tool ${name}`);
  return found;
};
const names = (tools: ToolDefinition[]) => tools.map((item) => item.name);

describe("phraseWords and editDistance", () => {
  it("drops articles, possessives, case and separators", () => {
    expect(phraseWords("The Employee's ID")).toEqual(["employee", "id"]);
    expect(phraseWords("employee_id")).toEqual(["employee", "id"]);
    expect(phraseWords("the")).toEqual(["the"]);
  });
  it("counts edits and gives up past the limit", () => {
    expect(editDistance("search_employee", "search_employees")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("abc", "xyzxyz", 1)).toBe(2);
  });
});

describe("matchParameter", () => {
  const params = ["employee_id", "leave_type", "start_date", "end_date", "approver_id"];
  it("matches descriptions that name a parameter exactly, whatever the spelling", () => {
    expect(matchParameter("employee id", params)).toBe("employee_id");
    expect(matchParameter("the Employee ID", params)).toBe("employee_id");
    expect(matchParameter("the employee's id", params)).toBe("employee_id");
    expect(matchParameter("leave_type", params)).toBe("leave_type");
  });
  it("matches near spellings but not different words", () => {
    expect(matchParameter("employe id", params)).toBe("employee_id");
    expect(matchParameter("the approvers id", params)).toBe("approver_id");
    expect(matchParameter("the requester id", params)).toBeUndefined();
    expect(matchParameter("the leave dates", params)).toBeUndefined();
    expect(matchParameter("", params)).toBeUndefined();
  });
  it("does not guess between two equally near parameters", () => {
    expect(matchParameter("date", ["data", "dare"])).toBeUndefined();
  });
});

describe("suggestTools", () => {
  it("suggests the catalog tool an unknown name nearly spells, first", () => {
    expect(names(suggestTools("search_employee", DEMO_HR_TOOLS))[0]).toBe("search_employees");
    expect(names(suggestTools("get_leave_balances", DEMO_HR_TOOLS))[0]).toBe("get_leave_balance");
    expect(names(suggestTools("employee_search", DEMO_HR_TOOLS))).toContain("search_employees");
  });
  it("offers at most three choices and none for unrelated names", () => {
    expect(suggestTools("get_leave", DEMO_HR_TOOLS).length).toBeLessThanOrEqual(3);
    expect(suggestTools("get_leave", DEMO_HR_TOOLS).length).toBeGreaterThan(0);
    expect(suggestTools("launch_rocket", DEMO_HR_TOOLS)).toEqual([]);
    expect(suggestTools("", DEMO_HR_TOOLS)).toEqual([]);
    expect(suggestTools("search_employee", [])).toEqual([]);
  });
});

describe("bindToolInputs", () => {
  it("binds the parameters the words name and lets the model fill the other required ones", () => {
    const { inputs, unmatched } = bindToolInputs(["the requester id", "the employee id"], tool("get_leave_balance"));
    expect(inputs).toEqual({ employee_id: { from: "model", hint: "the employee id" } });
    expect(unmatched).toEqual(["the requester id"]);
    const apply = bindToolInputs(["employee id", "leave dates"], tool("apply_leave"));
    expect(Object.keys(apply.inputs)).toEqual(["employee_id", "leave_type", "start_date", "end_date"]);
    expect(apply.inputs.leave_type).toEqual({ from: "model", hint: expect.stringContaining("Leave type") });
    expect(apply.unmatched).toEqual(["leave dates"]);
  });
  it("binds a routine input of the parameter's name", () => {
    const { inputs } = bindToolInputs(["employee id"], tool("get_leave_balance"), ["employee_id"]);
    expect(inputs).toEqual({ employee_id: { from: "input", name: "employee_id" } });
  });
  it("keeps a second phrase for the same parameter as words", () => {
    const { inputs, unmatched } = bindToolInputs(["employee id", "the employee ID"], tool("get_employee"));
    expect(Object.keys(inputs)).toEqual(["employee_id"]);
    expect(unmatched).toEqual(["the employee ID"]);
  });
});

describe("applyToolSuggestion", () => {
  const step: StepOf<"tool"> = {
    id: "s1",
    name: "Find",
    description: "",
    kind: "tool",
    tool: { server: "default", name: "search_employee" },
    inputs: {
      departmnt_id: { from: "input", name: "who" },
      employee_name: { from: "model", hint: "the query" },
      nonsense: { from: "literal", value: 3 },
    },
    outputs: [{ name: "matches", description: "" }],
    requiresApproval: false,
  };
  it("switches the tool and keeps the bindings that match its parameters", () => {
    const next = applyToolSuggestion(step, tool("search_employees"));
    expect(next).toMatchObject({ tool: { server: "hr", name: "search_employees" }, outputs: step.outputs });
    expect((next as StepOf<"tool">).inputs).toEqual({
      department_id: { from: "input", name: "who" },
      query: { from: "model", hint: "the query" },
    });
  });
  it("prefers a binding named like the parameter over one whose hint names it", () => {
    const inputs = {
      other: { from: "model" as const, hint: "the query" },
      query: { from: "literal" as const, value: "x" },
    };
    const next = applyToolSuggestion({ ...step, inputs }, tool("search_employees"));
    expect((next as StepOf<"tool">).inputs).toEqual({ query: { from: "literal", value: "x" } });
  });
  it("fills required parameters nothing binds", () => {
    const next = applyToolSuggestion({ ...step, inputs: {} }, tool("search_employees"));
    expect((next as StepOf<"tool">).inputs.query).toMatchObject({ from: "model" });
  });
  it("leaves other steps alone", () => {
    const skill: StepOf<"end"> = { id: "e", name: "End", description: "", kind: "end" };
    expect(applyToolSuggestion(skill, tool("get_employee"))).toBe(skill);
  });
});
