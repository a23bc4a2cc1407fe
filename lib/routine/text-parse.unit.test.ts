import { describe, expect, it } from "vitest";
import type { Routine, Step } from "./schema";
import { LEAVE_REQUEST_TEXT } from "./testing/paper-example";
import { parseRoutineText, type ParseResult } from "./text-parse";

function parsed(result: ParseResult): Routine {
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.routine;
}
const edgesOf = (routine: Routine) => routine.edges.map((edge) => [edge.source, edge.target, edge.condition?.label]);
const step = <K extends Step["kind"]>(routine: Routine, id: string, kind: K) => {
  const found = routine.steps.find((candidate) => candidate.id === id);
  if (found?.kind !== kind) throw new Error(`${id} is ${found?.kind}, not ${kind}`);
  return found as Extract<Step, { kind: K }>;
};

describe("parseRoutineText: the paper's plain text", () => {
  const routine = parsed(parseRoutineText(LEAVE_REQUEST_TEXT, { defaultServer: "hr" }));

  it("reads the header: name, description, an id from the name", () => {
    expect(routine).toMatchObject({
      id: "apply-for-leave",
      name: "Apply for leave",
      description: "Handles an employee's request for annual leave.",
    });
  });

  it("gives steps stable ids and infers kinds", () => {
    expect(routine.steps.map((item) => [item.id, item.kind])).toEqual([
      ["s1", "skill"],
      ["s2", "tool"],
      ["s3", "tool"],
      ["s4", "branch"],
      ["b4_1_1", "tool"],
      ["b4_1_2", "tool"],
      ["b4_2_1", "tool"],
      ["s5", "tool"],
      ["end", "end"],
    ]);
  });

  it("turns input/output words into model bindings and outputs with identifier names", () => {
    const check = step(routine, "s3", "tool");
    expect(check).toMatchObject({
      name: "Check leave balance",
      description: "look up the employee's remaining annual leave",
      tool: { server: "hr", name: "get_leave_balance" },
      inputs: { employee_id: { from: "model", hint: "employee id" } },
      outputs: [{ name: "remaining_days", description: "remaining days" }],
    });
    expect(Object.keys(step(routine, "s1", "skill").inputs)).toEqual(["employee_id", "leave_dates"]);
  });

  it("wires the main line, the branches (labelled with their conditions), the rejoin and the termination", () => {
    expect(edgesOf(routine)).toEqual([
      ["s1", "s2", undefined],
      ["s2", "s3", undefined],
      ["s3", "s4", undefined],
      ["s4", "b4_1_1", "the balance covers the request"],
      ["s4", "b4_2_1", "the balance does not cover the request"],
      ["b4_1_1", "b4_1_2", undefined],
      ["b4_1_2", "s5", undefined],
      ["b4_2_1", "end", undefined],
      ["s5", "end", undefined],
    ]);
    expect(routine.edges[3].id).toBe("s4-b4_1_1");
    expect(step(routine, "b4_1_1", "tool").description).toBe("perform the leave application");
  });

  it("resolves bare tool names through resolveTool, then defaultServer, then 'default'", () => {
    const resolveTool = (name: string) => (name === "apply_leave" ? { server: "leave", name } : undefined);
    const resolved = parsed(parseRoutineText(LEAVE_REQUEST_TEXT, { resolveTool }));
    expect(step(resolved, "b4_1_1", "tool").tool).toEqual({ server: "leave", name: "apply_leave" });
    expect(step(resolved, "s3", "tool").tool).toEqual({ server: "default", name: "get_leave_balance" });
  });

  it("handles \\r\\n, blank lines and leading whitespace", () => {
    const messy = `\r\n  Step 1. Ask: ask for the dates;\r\n\r\n\t Step 2. Book: book it, using book tool;\r\n`;
    const routine = parsed(parseRoutineText(messy, { name: "Book" }));
    expect(routine.steps.map((item) => item.name)).toEqual(["Ask", "Book", "End"]);
    expect(routine.name).toBe("Book");
  });

  it("reads a quoted branch condition with its commas, and a bare one to the first comma", () => {
    const text = [
      "Step 1. Route: This step performs a branch condition check:",
      'Branch 1-1 Step 1. Office: If "the team is Sales, Marketing or HR", send it to the office, using notify tool;',
      "Branch 1-2 Step 1. Elsewhere: If not, send it on, then close it;",
    ].join("\n");
    const routine = parsed(parseRoutineText(text));
    expect(edgesOf(routine).slice(0, 2)).toEqual([
      ["s1", "b1_1_1", "the team is Sales, Marketing or HR"],
      ["s1", "b1_2_1", "not"],
    ]);
    expect(routine.steps.slice(0, 3).map((item) => item.description)).toEqual([
      "",
      "send it to the office",
      "send it on, then close it",
    ]);
  });

  it("uses the last main step as the finish when it is an end step", () => {
    const text =
      "Step 1. Check: This step performs a branch condition check:\nBranch 1-1 Step 1. Stop: If empty, tell them and terminate the workflow;\nBranch 1-2 Step 1. Go: If not, carry on;\nStep 2. Done: terminate the workflow;";
    const routine = parsed(parseRoutineText(text));
    expect(routine.steps.map((item) => [item.id, item.kind])).toEqual([
      ["s1", "branch"],
      ["b1_1_1", "skill"],
      ["b1_2_1", "skill"],
      ["s2", "end"],
    ]);
    expect(edgesOf(routine)).toEqual([
      ["s1", "b1_1_1", "empty"],
      ["s1", "b1_2_1", "not"],
      ["b1_1_1", "s2", undefined],
      ["b1_2_1", "s2", undefined],
    ]);
  });

  it("reads a main step followed by branch lines as a branch step, and a branch without 'If' by its first step's name", () => {
    const routine = parsed(
      parseRoutineText(
        "Step 1. Route: decide;\nBranch 1-1 Step 1. Fast lane: go;\nBranch 1-2 Step 1. Slow lane: wait;",
      ),
    );
    expect(routine.steps[0].kind).toBe("branch");
    expect(routine.edges.slice(0, 2).map((edge) => edge.condition?.label)).toEqual(["Fast lane", "Slow lane"]);
  });

  it("warns about numbering gaps but reads on", () => {
    const result = parseRoutineText("Step 1. A: a;\nStep 3. B: b;");
    expect(result.ok && result.warnings).toEqual([
      { line: 2, column: 1, message: "Step 3 follows Step 1: Step 2 is missing." },
    ]);
  });
});

describe("parseRoutineText: annotations", () => {
  it("reads every step annotation", () => {
    const text = [
      "Routine: Leave",
      '[id: leave] [intent: "I want Friday off"] [input employee_id, type: string, description: "who asks"] [input days, type: integer, optional]',
      '[stage collect: "Collect", description: "first part"]',
      "Step 1. Check balance: look it up;",
      '    [id: check] [kind: tool] [tool: hr/get_leave_balance] [stage: collect] [position: 120, -40.5] [completion: "balance known"] [timeout: 30000] [retry: 3 x 1000] [approval]',
      '    [in employee_id = input employee_id] [in days = step ask.form.days] [in reason = model "why"] [in year = 2024] [in tags = ["a", "]"]] [in meta = {"k": null}]',
      "    [out remaining_days: remaining annual leave] [out raw]",
      '    [next: Step 2, id: go, if: "enough days", expr: "days <= remaining_days"] [goto: "none", if: "not enough"]',
      "Step 2. Ask manager: ask;",
      '    [id: ask] [kind: human] [instruction: "Approve or reject"] [field days, type: integer] [next: none]',
      "Step 3. Call policy: check policy;",
      "    [id: none] [kind: routine] [routine: policy] [in who = input employee_id] [out verdict]",
    ].join("\n");
    const routine = parsed(parseRoutineText(text));
    expect(routine).toMatchObject({
      id: "leave",
      intents: ["I want Friday off"],
      inputs: [
        { name: "employee_id", type: "string", required: true, description: "who asks" },
        { name: "days", type: "integer", required: false, description: "" },
      ],
      stages: [{ id: "collect", name: "Collect", description: "first part" }],
    });
    expect(step(routine, "check", "tool")).toEqual({
      id: "check",
      kind: "tool",
      name: "Check balance",
      description: "look it up",
      stageId: "collect",
      position: { x: 120, y: -40.5 },
      tool: { server: "hr", name: "get_leave_balance" },
      inputs: {
        employee_id: { from: "input", name: "employee_id" },
        days: { from: "step", stepId: "ask", path: "form.days" },
        reason: { from: "model", hint: "why" },
        year: { from: "literal", value: 2024 },
        tags: { from: "literal", value: ["a", "]"] },
        meta: { from: "literal", value: { k: null } },
      },
      outputs: [
        { name: "remaining_days", description: "remaining annual leave" },
        { name: "raw", description: "" },
      ],
      completion: "balance known",
      timeoutMs: 30000,
      retry: { maxAttempts: 3, backoffMs: 1000 },
      requiresApproval: true,
    });
    expect(step(routine, "ask", "human").form).toEqual([
      { name: "days", type: "integer", required: true, description: "" },
    ]);
    expect(step(routine, "none", "routine").routineId).toBe("policy");
    expect(routine.edges).toEqual([
      {
        id: "go",
        source: "check",
        target: "ask",
        condition: { label: "enough days", expression: "days <= remaining_days" },
      },
      { id: "check-none", source: "check", target: "none", condition: { label: "not enough" } },
      { id: "none-end", source: "none", target: "end" },
    ]);
  });

  it("keeps names and descriptions with any punctuation in quoted annotations", () => {
    const nasty = 'a: b, c; [d] "e" \\ f\nnew line';
    const text = `Step 1. Placeholder: x;\n    [name: ${JSON.stringify(nasty)}] [description: ${JSON.stringify(nasty)}] [next: none]`;
    const routine = parsed(parseRoutineText(text));
    expect(routine.steps[0]).toMatchObject({ name: nasty, description: nasty });
  });

  it("accepts [goto s7] without a colon, and a header with no steps (with a warning)", () => {
    const routine = parsed(parseRoutineText("Step 1. A: a;\n    [goto s2]\nStep 2. B: b;\n    [id: s2] [next: none]"));
    expect(routine.edges).toEqual([{ id: "s1-s2", source: "s1", target: "s2" }]);
    const empty = parseRoutineText("Routine: Nothing yet");
    expect(empty.ok && empty.routine.steps).toEqual([]);
    expect(empty.ok && empty.warnings).toEqual([{ line: 1, column: 1, message: "This routine has no steps yet." }]);
  });

  it("reads [edge order] and [edge from]", () => {
    const text =
      "[edge from ghost: s1, id: x]\n[edge order: s1-s2, x]\nStep 1. A: a;\nStep 2. B: terminate the workflow;";
    const result = parseRoutineText(text);
    expect(result.ok && result.routine.edges.map((edge) => edge.id)).toEqual(["s1-s2", "x"]);
    expect(result.ok && result.warnings).toEqual([{ line: 1, column: 1, message: "No step has the id 'ghost'." }]);
  });
});

describe("parseRoutineText: errors point at the line and column", () => {
  const errorsOf = (text: string) => {
    const result = parseRoutineText(text);
    if (result.ok) throw new Error("expected errors");
    return result.errors;
  };

  it.each([
    ["a step number that is not a number", "Step 1. A: a;\nStep x. B: b;", 2, 6, /whole number/],
    ["a missing period", "Step 1 A: a;", 1, 8, /period/],
    [
      "a branch under no such step",
      "Step 1. A: a;\nBranch 9-1 Step 1. B: If x, b;",
      2,
      1,
      /belongs under Step 9, but there is no Step 9/,
    ],
    ["a branch before any step", "Branch 1-1 Step 1. B: b;", 1, 1, /before any step/],
    ["a malformed branch label", "Step 1. A: a;\n  Branch 1.1 Step 1. B: b;", 2, 11, /'-'/],
    ["steps out of order", "Step 2. A: a;\nStep 1. B: b;", 2, 1, /comes after Step 2/],
    ["an unterminated quote", 'Step 1. A: a;\n    [description: "never closed]', 2, 19, /never closed/],
    ["an unknown kind", "Step 1. A: a;\n    [kind: teleport]", 2, 12, /Unknown step kind 'teleport'/],
    ["an unknown annotation", "Step 1. A: a;\n    [colour: red]", 2, 6, /Unknown annotation \[colour\]/],
    ["an unclosed annotation", "Step 1. A: a;\n    [id: s1", 2, 12, /no closing '\]'/],
    ["bare text with a bracket", "Step 1. A: a;\n    [description: see [x]]", 2, 23, /double quotes/],
    ["an invalid id", "Step 1. A: a;\n    [id: s 1]", 2, 12, /Expected '\]'/],
    ["prose between steps", "Step 1. A: a;\nthen something else", 2, 1, /not a step/],
    ["a step with no name", "Step 1. : a;", 1, 8, /name/],
    ["a tool step with no tool", "Step 1. A: a;\n    [kind: tool]", 1, 1, /names no tool/],
    [
      "an annotation that does not fit the kind",
      "Step 1. A: a;\n    [timeout: 5000]",
      2,
      5,
      /does not apply to Step 1, a skill step/,
    ],
    ["a routine annotation under a step", "Step 1. A: a;\n    [intent: hi]", 2, 5, /above the first step/],
    ["a step annotation above the steps", "[tool: hr/x]\nStep 1. A: a;", 1, 1, /belongs under a step/],
    ["a [next] to a missing label", "Step 1. A: a;\n    [next: Step 7]", 2, 5, /no Step 7/],
    ["an id given twice", "Step 1. A: a;\n    [id: a] [id: b]", 2, 13, /given twice/],
    ["an empty text", "  \n\n", 1, 1, /No steps found/],
    ["a zod limit (name too long)", `Step 1. ${"n".repeat(130)}: a;`, 1, 1, /Step 1: name: .*120/],
  ])("%s", (_what, text, line, column, message) => {
    const [first] = errorsOf(text);
    expect(first).toMatchObject({ line, column });
    expect(first.message).toMatch(message);
  });

  it("reports several bad lines at once", () => {
    expect(errorsOf("Step x. A;\nStep 1. B: b;\nBranch 5-1 Step 1. C: c;").map((issue) => issue.line)).toEqual([1, 3]);
  });

  it("refuses text over 1,000,000 characters at once", () => {
    const started = performance.now();
    const errors = errorsOf("x".repeat(5_000_000));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(errors).toEqual([
      { line: 1, column: 1, message: expect.stringMatching(/5,000,000 characters.*at most 1,000,000/) },
    ]);
  });

  it("never throws, whatever the input", () => {
    for (const input of [
      null,
      undefined,
      42,
      "[",
      "[[[[",
      "Step 1. A:\n    [in x = [[[[",
      `Step 1. A:\n    [in x = ${"[".repeat(5000)}${"]".repeat(5000)}]`,
    ]) {
      expect(() => parseRoutineText(input as string)).not.toThrow();
    }
  });
});

describe("parseRoutineText: size", () => {
  const plainSteps = (count: number) =>
    Array.from(
      { length: count },
      (_, index) =>
        `Step ${index + 1}. Step ${index + 1}: do thing ${index + 1}, input employee id, output result ${index + 1}, using tool_${index % 25} tool;`,
    ).join("\n");

  it("reads 1,999 steps (2,000 with the appended end, the limit) well within the time budget", () => {
    const started = performance.now();
    const routine = parsed(parseRoutineText(plainSteps(1999)));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(routine.steps).toHaveLength(2000);
  });

  it("answers a 5,000-step text quickly, refusing it for the step limit at the 2,001st step", () => {
    const started = performance.now();
    const result = parseRoutineText(plainSteps(5000));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatchObject({
      line: 2001,
      column: 1,
      message: expect.stringMatching(/5,000 steps; a routine holds at most 2,000/),
    });
  });
});
