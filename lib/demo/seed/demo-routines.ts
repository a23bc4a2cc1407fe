import { parseRoutineText, type Routine, type RoutineInput, routineSchema } from "../../routine";
import { DEMO_HR_SERVER, DEMO_HR_TOOLS } from "../hr-tools";

const hr = (name: string) => ({ server: DEMO_HR_SERVER, name });
const input = (name: string) => ({ from: "input" as const, name });
const model = (hint: string) => ({ from: "model" as const, hint });

/** A complete routine over the demo HR tools, every required parameter bound: what a reviewed routine looks like. */
const ANNUAL_LEAVE: RoutineInput = {
  schemaVersion: 2,
  id: "annual_leave",
  name: "Apply for annual leave",
  description:
    "Checks an employee's annual leave balance and books the leave when the balance covers it; otherwise explains why not.",
  intents: [
    "I'd like to take annual leave from 3 to 7 March",
    "Book me a week off in August",
    "Can E1024 take leave next Monday?",
  ],
  inputs: [
    { name: "employee_id", description: 'The employee asking, e.g. "E1024".', type: "string", required: true },
    { name: "start_date", description: "First day of leave (YYYY-MM-DD).", type: "string", required: true },
    { name: "end_date", description: "Last day of leave (YYYY-MM-DD).", type: "string", required: true },
  ],
  steps: [
    {
      id: "employee",
      kind: "tool",
      name: "Look up employee",
      description: "Find the employee's record and manager.",
      tool: hr("get_employee"),
      inputs: { employee_id: input("employee_id") },
      outputs: [{ name: "employee", description: "The employee's profile" }],
    },
    {
      id: "balance",
      kind: "tool",
      name: "Check leave balance",
      description: "Look up the remaining annual leave days.",
      tool: hr("get_leave_balance"),
      inputs: { employee_id: input("employee_id"), leave_type: { from: "literal", value: "annual" } },
      outputs: [{ name: "balance", description: "Remaining annual leave days" }],
      completion: "The remaining annual days are known.",
    },
    {
      id: "eligible",
      kind: "branch",
      name: "Balance covers the request?",
      description: "Compare the requested working days with the remaining balance.",
    },
    {
      id: "apply",
      kind: "tool",
      name: "Book the leave",
      description: "Submit the leave request.",
      tool: hr("apply_leave"),
      inputs: {
        employee_id: input("employee_id"),
        leave_type: { from: "literal", value: "annual" },
        start_date: input("start_date"),
        end_date: input("end_date"),
      },
      outputs: [{ name: "request", description: "The leave request with its ID and status" }],
      requiresApproval: false,
    },
    {
      id: "confirm",
      kind: "tool",
      name: "Confirm by email",
      description: "Tell the employee the leave is booked.",
      tool: hr("send_email_notification"),
      inputs: {
        to: input("employee_id"),
        subject: { from: "literal", value: "Your leave is booked" },
        body: model("Confirm the dates and the request ID from the booked request."),
      },
      outputs: [{ name: "message", description: "The sent message's ID" }],
    },
    {
      id: "decline",
      kind: "tool",
      name: "Explain the shortfall",
      description: "Tell the employee the balance does not cover the request.",
      tool: hr("send_email_notification"),
      inputs: {
        to: input("employee_id"),
        subject: { from: "literal", value: "Your leave request" },
        body: model("Explain that the remaining balance does not cover the requested days, citing both numbers."),
      },
      outputs: [{ name: "message", description: "The sent message's ID" }],
    },
    { id: "done", kind: "end", name: "Done", description: "" },
  ],
  edges: [
    { id: "e1", source: "employee", target: "balance" },
    { id: "e2", source: "balance", target: "eligible" },
    { id: "e3", source: "eligible", target: "apply", condition: { label: "Balance covers the request" } },
    { id: "e4", source: "eligible", target: "decline", condition: { label: "Balance too low" } },
    { id: "e5", source: "apply", target: "confirm" },
    { id: "e6", source: "confirm", target: "done" },
    { id: "e7", source: "decline", target: "done" },
  ],
};

/** An expert's rough draft in the paper's plain text: what the planner (#5) turns into a routine like the one above. */
const PAYSLIP_DRAFT_TEXT = `Routine: Payslip question (expert draft)
An employee asks about their payslip; explain it and send a salary certificate when asked.

Step 1. Identify employee: find the employee who asks, input employee id, output employee record, using get_employee tool;
Step 2. Get payslip: fetch the payslip of the month in question, input employee id, pay period, output payslip, using get_payslip tool;
Step 3. Explain: summarize gross pay, deductions and net pay in plain words, input payslip, output explanation;
Step 4. Certificate wanted: This step performs a branch condition check:
Branch 4-1 Step 1. Generate certificate: If the employee asked for a salary certificate, generate it, input employee id, output document, using generate_document tool;
Branch 4-2 Step 1. Reply: If no certificate was asked for, send the explanation, input employee id, explanation, using send_email_notification tool and terminate the workflow;
Step 5. Send: email the explanation and the certificate, input employee id, explanation, document, using send_email_notification tool;
`;

/** The routines a demo installation starts with. */
export function demoRoutines(): Routine[] {
  // Read faithfully against the catalog, as a pasted draft is: "input employee id, pay period" binds the tools'
  // parameters, and the rest become model-filled with the catalog's descriptions as hints.
  const draft = parseRoutineText(PAYSLIP_DRAFT_TEXT, {
    resolveTool: (name) => (DEMO_HR_TOOLS.some((tool) => tool.name === name) ? hr(name) : undefined),
    tools: DEMO_HR_TOOLS,
  });
  if (!draft.ok)
    throw new Error(`The demo draft does not parse: ${draft.errors.map((error) => error.message).join("; ")}`);
  return [routineSchema.parse(ANNUAL_LEAVE), draft.routine];
}
