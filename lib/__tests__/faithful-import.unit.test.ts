import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_HR_TOOLS } from "../demo/hr-tools";
import {
  applyToolSuggestion,
  lookupFromList,
  parseRoutineText,
  renderRoutineText,
  validateRoutine,
  type Routine,
  type Step,
  type ToolDefinition,
} from "../routine";
import { arbitraryRoutine } from "../routine/testing/arbitrary";
import { LEAVE_REQUEST_CATALOG_TEXT as PAPER_TEXT } from "../routine/testing/paper-example";

function parse(text: string): Routine {
  const result = parseRoutineText(text, { tools: DEMO_HR_TOOLS });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.routine;
}
const stepOf = (routine: Routine, id: string) =>
  routine.steps.find((step) => step.id === id) as Extract<Step, { kind: "tool" }>;

const paramNames = (routine: Routine) =>
  routine.steps.flatMap((step) => ("inputs" in step ? Object.keys(step.inputs) : []));

describe("importing the paper's leave request against the demo HR catalog", () => {
  const routine = parse(PAPER_TEXT);
  const issues = validateRoutine(routine, { tools: lookupFromList(DEMO_HR_TOOLS) });

  it("opens with no issue: every tool exists and every required parameter is bound", () => {
    // No issue remains that a person would raise either: the tools are the catalog's, the branches both have
    // conditions, the rejected branch terminates and the approved one reaches the end.
    expect(issues).toEqual([]);
  });

  it("binds the parameters the input descriptions name, never inventing the_* names", () => {
    expect(paramNames(routine).filter((name) => name.startsWith("the_"))).toEqual([]);
    expect(stepOf(routine, "s3")).toMatchObject({
      tool: { server: "hr", name: "get_leave_balance" },
      inputs: { employee_id: { from: "model", hint: "the employee id" } },
      outputs: [{ name: "remaining_days", description: "remaining days" }],
    });
    expect(Object.keys(stepOf(routine, "s3").inputs)).toEqual(["employee_id"]);
    expect(stepOf(routine, "b4_1_1").inputs).toEqual({
      employee_id: { from: "model", hint: "the employee id" },
      leave_type: { from: "model", hint: "the leave type" },
      start_date: { from: "model", hint: "the start date" },
      end_date: { from: "model", hint: "the end date" },
    });
  });

  it("keeps descriptions that name no parameter as the step's words", () => {
    expect(stepOf(routine, "s3").description).toBe(
      "look up the employee's remaining annual leave, input the requester id",
    );
    expect(stepOf(routine, "b4_1_2").description).toBe(
      "tell the employee the leave is booked, input the employee's email address",
    );
  });

  it("lets the model fill the other required parameters, hinted by the catalog", () => {
    const confirm = stepOf(routine, "b4_1_2");
    expect(Object.keys(confirm.inputs)).toEqual(["to", "subject", "body"]);
    expect(confirm.inputs.to).toEqual({ from: "model", hint: expect.stringContaining("email address") });
  });

  it("keeps the paper's wiring: two labelled branches, a rejoin and a termination", () => {
    expect(routine.edges.map((edge) => [edge.source, edge.target, edge.condition?.label])).toEqual([
      ["s1", "s2", undefined],
      ["s2", "s3", undefined],
      ["s3", "s4", undefined],
      ["s4", "b4_1_1", "the balance covers the request"],
      ["s4", "b4_2_1", "the balance does not cover the request"],
      ["b4_1_1", "b4_1_2", undefined],
      ["b4_1_2", "end", undefined],
      ["b4_2_1", "end", undefined],
    ]);
  });

  it("is far from what a literal reading gives", () => {
    const literal = parseRoutineText(PAPER_TEXT, { defaultServer: "hr" });
    if (!literal.ok) throw new Error("unreadable");
    const literalIssues = validateRoutine(literal.routine, { tools: lookupFromList(DEMO_HR_TOOLS) });
    expect(literalIssues.length).toBeGreaterThan(5);
  });

  it("renders and reads back exactly, with or without the catalog", () => {
    const text = renderRoutineText(routine);
    expect(parse(text)).toEqual(routine);
    const plain = parseRoutineText(text);
    expect(plain.ok && plain.routine).toEqual(routine);
  });
});

describe("an unknown tool in pasted text", () => {
  const text = PAPER_TEXT.replace("using get_employee tool", "using search_employee tool");
  const routine = parse(text);
  const issues = validateRoutine(routine, { tools: lookupFromList(DEMO_HR_TOOLS) });

  it("is reported once, with the catalog's closest tools as choices", () => {
    expect(issues.map((found) => found.code)).toEqual(["unknown-tool"]);
    expect(issues[0]).toMatchObject({ stepId: "s2", path: ["steps", 1, "tool"] });
    expect(issues[0].suggestions?.[0]).toEqual({ server: "hr", name: "search_employees" });
    expect(issues[0].suggestions?.length).toBeLessThanOrEqual(3);
    expect(issues[0].message).toContain('Perhaps you meant "search_employees"');
  });

  it("is gone once the first choice is applied, with the step's binding kept", () => {
    const choice = DEMO_HR_TOOLS.find((tool) => tool.name === issues[0].suggestions?.[0].name);
    if (!choice) throw new Error("no choice");
    const fixed = {
      ...routine,
      steps: routine.steps.map((step) => (step.id === "s2" ? applyToolSuggestion(step, choice) : step)),
    };
    expect(validateRoutine(fixed, { tools: lookupFromList(DEMO_HR_TOOLS) })).toEqual([]);
    expect(stepOf(fixed, "s2").inputs).toEqual({ query: { from: "model", hint: expect.any(String) } });
  });

  it("keeps the plain reading of its inputs until a choice is applied", () => {
    expect(stepOf(routine, "s2").inputs).toEqual({ employee_id: { from: "model", hint: "the employee id" } });
  });
});

describe("plain paper words without a catalog", () => {
  it("never turn an article into part of a name", () => {
    const result = parseRoutineText(
      "Step 1. Check: look it up, input the requester id and an employee id, output the remaining days, using get_leave_balance tool;",
    );
    if (!result.ok) throw new Error("unreadable");
    expect(result.routine.steps[0]).toMatchObject({
      inputs: {
        requester_id: { from: "model", hint: "the requester id" },
        employee_id: { from: "model", hint: "an employee id" },
      },
      outputs: [{ name: "remaining_days", description: "the remaining days" }],
    });
  });
});

describe("render ⇄ parse with a catalog", () => {
  it("reads every rendered routine back exactly, even when the catalog has its tools", () => {
    fc.assert(
      fc.property(arbitraryRoutine({ maxSteps: 10 }), (routine) => {
        // A catalog holding each tool the routine calls, requiring a parameter no step binds: were rendered
        // (annotated) lines re-read against it, that parameter would appear.
        const tools: ToolDefinition[] = routine.steps.flatMap((step) =>
          step.kind === "tool"
            ? [
                {
                  ...step.tool,
                  description: "",
                  inputSchema: { properties: { zz_required: {} }, required: ["zz_required"] },
                },
              ]
            : [],
        );
        const result = parseRoutineText(renderRoutineText(routine), { tools });
        expect(result.ok && result.routine).toEqual(routine);
      }),
      { numRuns: 60 },
    );
  });
});
