import { describe, expect, it } from "vitest";
import { branchStep, edge, endStep, makeRoutine, skillStep, toolStep } from "./testing/factories";
import { LEAVE_REQUEST_TEXT } from "./testing/paper-example";
import { parseRoutineText } from "./text-parse";
import { renderRoutinePrompt, routinePromptLabels } from "./text-prompt";

function paperRoutine() {
  const parsed = parseRoutineText(LEAVE_REQUEST_TEXT, { defaultServer: "hr" });
  if (!parsed.ok) throw new Error("the example parses");
  return parsed.routine;
}

function designerRoutine() {
  const check = toolStep({
    id: "check",
    name: "Check balance",
    description: "look up the remaining leave",
    inputs: { employee_id: { from: "input", name: "employee_id" } },
    outputs: [{ name: "balance", description: "remaining days" }],
  });
  const enough = branchStep({ id: "enough", name: "Enough days?" });
  const book = toolStep({
    id: "book",
    name: "Book",
    description: "book the leave",
    tool: { server: "hr", name: "apply_leave" },
    inputs: { days: { from: "model", hint: "days requested" } },
    requiresApproval: true,
  });
  const refuse = skillStep({ id: "refuse", name: "Refuse", description: "explain why not", instruction: "" });
  const done = endStep({ id: "done", name: "Done" });
  return makeRoutine({
    description: "Books annual leave.\nOnly for employees.",
    steps: [check, enough, book, refuse, done],
    edges: [
      edge(check, enough),
      edge(enough, book, "Enough days"),
      edge(enough, refuse, "Not enough"),
      edge(book, done),
      edge(refuse, done),
    ],
  });
}

describe("renderRoutinePrompt", () => {
  it("gives the paper's own plain lines for a paper routine, with no annotations", () => {
    const text = renderRoutinePrompt(paperRoutine(), { variant: "full" });
    const paperLines = LEAVE_REQUEST_TEXT.split("\n").filter((line) => /^(Step|Branch)/.test(line));
    const lines = text.split("\n").filter((line) => /^(Step|Branch)/.test(line));
    expect(lines.slice(0, paperLines.length)).toEqual(paperLines);
    expect(text.startsWith("Routine: Apply for leave\nHandles an employee's request for annual leave.\n\n")).toBe(true);
    expect(text).not.toMatch(/\[(id|tool|next|in|out|kind):/);
  });

  it("writes a designer routine with branches as paper text", () => {
    expect(renderRoutinePrompt(designerRoutine(), { variant: "full" })).toBe(
      [
        "Routine: Apply for leave",
        "Books annual leave. Only for employees.",
        "",
        "Step 1. Check balance: look up the remaining leave, input employee id, output remaining days, using get_leave_balance tool;",
        "Step 2. Enough days?: This step performs a branch condition check:",
        "Branch 2-1 Step 1. Book: If Enough days, book the leave, input days requested, using apply_leave tool;",
        "Branch 2-2 Step 1. Refuse: If Not enough, explain why not;",
        "Step 3. Done: terminate the workflow;",
        "",
      ].join("\n"),
    );
  });

  it("keeps only labels and names when ablated", () => {
    const text = renderRoutinePrompt(designerRoutine(), { variant: "ablated" });
    expect(text).toBe(
      [
        "Routine: Apply for leave",
        "Books annual leave. Only for employees.",
        "",
        "Step 1. Check balance;",
        "Step 2. Enough days?;",
        "Branch 2-1 Step 1. Book;",
        "Branch 2-2 Step 1. Refuse;",
        "Step 3. Done;",
        "",
      ].join("\n"),
    );
    for (const hidden of ["get_leave_balance", "apply_leave", "input", "output", "remaining", "If ", "explain"])
      expect(text).not.toContain(hidden);
  });

  it("numbers the steps as the paper text does", () => {
    expect(routinePromptLabels(designerRoutine())).toEqual([
      "Step 1",
      "Step 2",
      "Branch 2-1 Step 1",
      "Branch 2-2 Step 1",
      "Step 3",
    ]);
    expect(routinePromptLabels(paperRoutine()).slice(3, 7)).toEqual([
      "Step 4",
      "Branch 4-1 Step 1",
      "Branch 4-1 Step 2",
      "Branch 4-2 Step 1",
    ]);
  });
});
