import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { routineSchema, type Routine } from "./schema";
import { arbitraryRoutine } from "./testing/arbitrary";
import { arbitraryPaperText } from "./testing/arbitrary-paper";
import { branchStep, edge, endStep, makeRoutine, skillStep, toolStep } from "./testing/factories";
import { LEAVE_REQUEST_TEXT } from "./testing/paper-example";
import { parseRoutineText } from "./text-parse";
import { renderRoutineText } from "./text-render";

function roundTrip(routine: Routine): Routine {
  const text = renderRoutineText(routine);
  const result = parseRoutineText(text);
  if (!result.ok) throw new Error(`${JSON.stringify(result.errors)}\n${text}`);
  return result.routine;
}

describe("renderRoutineText", () => {
  it("writes a parsed paper routine back as the paper's own lines, plus ids and tools", () => {
    const parsed = parseRoutineText(LEAVE_REQUEST_TEXT, { defaultServer: "hr" });
    if (!parsed.ok) throw new Error("the example parses");
    const text = renderRoutineText(parsed.routine);
    const plainLines = LEAVE_REQUEST_TEXT.split("\n").filter((line) => /^(Step|Branch)/.test(line));
    const renderedLines = text.split("\n").filter((line) => /^(Step|Branch)/.test(line));
    expect(renderedLines.slice(0, plainLines.length)).toEqual(plainLines);
    expect(renderedLines.at(-1)).toBe("Step 6. End: terminate the workflow;");
    expect(text).toContain("    [id: s3] [tool: hr/get_leave_balance]\n");
    expect(text).not.toContain("[next");
  });

  it("writes a designer-made routine with plain lines and the annotations that make it exact", () => {
    const check = toolStep({
      id: "check",
      name: "Check balance",
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      timeoutMs: 5000,
    });
    const enough = branchStep({ id: "enough", name: "Enough days?" });
    const book = toolStep({ id: "book", name: "Book", tool: { server: "hr", name: "apply_leave" } });
    const refuse = skillStep({ id: "refuse", name: "Refuse", instruction: "" });
    const done = endStep({ id: "done", name: "Done" });
    const routine = makeRoutine({
      steps: [check, enough, book, refuse, done],
      edges: [
        edge(check, enough),
        edge(enough, book, "Enough days"),
        edge(enough, refuse, "Not enough, sorry"),
        edge(book, done),
        edge(refuse, done),
      ],
    });
    expect(renderRoutineText(routine)).toBe(
      [
        "Routine: Apply for leave",
        "[id: leave_request]",
        "",
        "Step 1. Check balance: input employee id, using get_leave_balance tool;",
        "    [id: check] [tool: hr/get_leave_balance] [timeout: 5000]",
        "    [in employee_id = input employee_id]",
        "Step 2. Enough days?: This step performs a branch condition check:",
        "    [id: enough]",
        "Branch 2-1 Step 1. Book: If Enough days, using apply_leave tool;",
        "    [id: book] [tool: hr/apply_leave]",
        'Branch 2-2 Step 1. Refuse: If "Not enough, sorry";',
        "    [id: refuse]",
        "Step 3. Done: terminate the workflow;",
        "    [id: done]",
        "",
      ].join("\n"),
    );
    expect(roundTrip(routine)).toEqual(routine);
  });

  it("writes a branch condition that holds commas quoted on its plain line, and reads it back", () => {
    const route = branchStep({ id: "route", name: "Route" });
    const office = skillStep({ id: "office", name: "Office", description: "send it to the office", instruction: "" });
    const elsewhere = skillStep({ id: "elsewhere", name: "Elsewhere", description: "send it on", instruction: "" });
    const routine = makeRoutine({
      steps: [route, office, elsewhere],
      edges: [edge(route, office, "the team is Sales, Marketing or HR"), edge(route, elsewhere, "not")],
    });
    const text = renderRoutineText(routine);
    expect(text).toContain(
      'Branch 1-1 Step 1. Office: If "the team is Sales, Marketing or HR", send it to the office;',
    );
    expect(text).not.toContain("if: ");
    expect(roundTrip(routine)).toEqual(routine);
  });

  it("moves what a plain line cannot hold into annotations", () => {
    const odd = skillStep({
      id: "odd",
      name: "Name: with colon",
      description: "line one\nline two, input x",
      instruction: "Do it",
    });
    const routine = makeRoutine({ description: "Two\nlines", steps: [odd], edges: [] });
    const text = renderRoutineText(routine);
    expect(text).toContain('[description: "Two\\nlines"]');
    expect(text).toContain("Step 1. Name with colon;");
    expect(text).toContain(
      '[name: "Name: with colon"] [description: "line one\\nline two, input x"] [instruction: "Do it"]',
    );
    expect(text).toContain("[next: none]");
    expect(roundTrip(routine)).toEqual(routine);
  });

  it("keeps edge order, edges from missing steps and back edges", () => {
    const a = toolStep({ id: "a" });
    const b = skillStep({ id: "b" });
    const routine = makeRoutine({
      steps: [a, b],
      edges: [edge(b, a), edge("ghost", b), edge(a, b), { id: "loop", source: "b", target: "b" }],
    });
    const text = renderRoutineText(routine);
    expect(text).toContain("[edge order: b-a, ghost-b, a-b, loop]");
    expect(text).toContain("[edge from ghost: b]");
    expect(roundTrip(routine)).toEqual(routine);
  });

  it("round-trips a routine with duplicate step ids (invalid, but schema-shaped)", () => {
    const routine = makeRoutine({
      steps: [skillStep({ id: "x" }), skillStep({ id: "x" })],
      edges: [{ id: "x-x", source: "x", target: "x" }],
    });
    expect(roundTrip(routine)).toEqual(routine);
  });

  it("round-trips every generated routine", () => {
    fc.assert(
      fc.property(arbitraryRoutine({ maxSteps: 12 }), (routine) => {
        expect(roundTrip(routine)).toEqual(routine);
      }),
      { numRuns: 200 },
    );
  });

  it("round-trips generated plain paper text: parse → render → parse gives the same routine", () => {
    fc.assert(
      fc.property(arbitraryPaperText(), (text) => {
        const first = parseRoutineText(text);
        if (!first.ok) throw new Error(`${JSON.stringify(first.errors)}\n${text}`);
        expect(roundTrip(first.routine)).toEqual(first.routine);
        expect(routineSchema.safeParse(first.routine).success).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("parses damaged text without throwing, pointing inside the text", () => {
    const damaged = fc
      .tuple(
        arbitraryRoutine({ maxSteps: 5 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom("", "[", "]", '"', "Step 9.", "Branch 1-1 Step 1.", ":", "\n", "[next: "),
      )
      .map(([routine, at, cut, insert]) => {
        const text = renderRoutineText(routine);
        const from = at % (text.length + 1);
        return text.slice(0, from) + insert + text.slice(from + (cut % 5));
      });
    fc.assert(
      fc.property(damaged, (text) => {
        const result = parseRoutineText(text);
        const lines = text.split(/\r\n|\r|\n/);
        for (const issue of result.ok ? result.warnings : result.errors) {
          expect(issue.line).toBeGreaterThanOrEqual(1);
          expect(issue.line).toBeLessThanOrEqual(lines.length);
          expect(issue.column).toBeGreaterThanOrEqual(1);
          expect(issue.column).toBeLessThanOrEqual(lines[issue.line - 1].length + 1);
        }
      }),
      { numRuns: 200 },
    );
  });
});
