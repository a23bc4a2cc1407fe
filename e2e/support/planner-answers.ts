import { fakeOpenAI } from "./fake-openai";

/** An expert's draft in the paper's plain form; the planner reads its steps as s1, s2 and s3. */
export const LEAVE_PAPER = [
  "Step 1. Check balance: see whether the employee has days left, using get_leave_balance tool;",
  "Step 2. File the leave: using apply_leave tool;",
  "Step 3. End: terminate the workflow;",
].join("\n");

/**
 * What the fake planner answers for LEAVE_PAPER and the demo HR tools: the draft's steps kept by id and completed,
 * a branch and a skill step added, every required tool input bound, with the planner's reasons. `balanceTool`
 * names a tool the catalog lacks, to make the answer fail validation.
 */
export function plannedLeave(name: string, balanceTool = "get_leave_balance") {
  return {
    routine: {
      name,
      description: "Checks the balance, then files the leave or explains why not.",
      inputs: [{ name: "employee_id", description: "The employee asking", type: "string", required: true }],
      steps: [
        {
          id: "s1",
          kind: "tool",
          name: "Check leave balance",
          tool: { server: "hr", name: balanceTool },
          inputs: { employee_id: { from: "input", name: "employee_id" } },
          outputs: [{ name: "balance", description: "Remaining days" }],
        },
        { id: "enough", kind: "branch", name: "Enough days?" },
        {
          id: "s2",
          kind: "tool",
          name: "File the leave",
          tool: { server: "hr", name: "apply_leave" },
          inputs: {
            employee_id: { from: "input", name: "employee_id" },
            leave_type: { from: "literal", value: "annual" },
            start_date: { from: "model", hint: "first day asked for" },
            end_date: { from: "model", hint: "last day asked for" },
          },
        },
        { id: "explain", kind: "skill", name: "Explain the refusal", instruction: "Say the balance is too low." },
        { id: "s3", kind: "end", name: "Done" },
      ],
      edges: [
        { source: "s1", target: "enough" },
        { source: "enough", target: "s2", condition: { label: "If the balance covers the request" } },
        { source: "enough", target: "explain", condition: { label: "Otherwise" } },
        { source: "s2", target: "s3" },
        { source: "explain", target: "s3" },
      ],
    },
    rationale: {
      summary: "Added the decision the draft implied.",
      steps: { enough: "The draft files leave only when days are left.", s2: "Bound the dates." },
    },
  };
}

/**
 * Makes the fake planner answer `answer` to the planning request (the one asking for the routine's JSON schema) whose
 * messages include `text`, a name unique to the test; `hold` keeps the answer back until the test opens that gate
 * (fakeOpenAI.openGate), to watch the progress.
 */
export async function answerPlanning(text: string, answer: unknown, options: { hold?: string } = {}): Promise<void> {
  await fakeOpenAI.addRules([
    { match: { anyMessageIncludes: text, responseFormat: "json_schema" }, ...options, reply: { json: answer } },
  ]);
}
