import { parseRoutineText, type Routine, type RoutineInput, routineSchema } from "../../routine";
import { DEMO_HR_TOOLS } from "../hr-tools";
import { hr, input, model } from "./demo-bindings";
import { PAYSLIP, PAYSLIP_DRAFT_TEXT } from "./demo-payslip";
import { SICK_LEAVE } from "./demo-sick-leave";

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

/** Which demo routine: the seed's cases and suites are keyed by it. */
export type DemoRoutineKey = "annual_leave" | "payslip" | "sick_leave";

/**
 * One routine of the demo library: the version that is reviewed and published, and for the payslip the expert's
 * draft it started from (its first version, rejected in review as incomplete).
 */
export type DemoLibraryRoutine = { key: DemoRoutineKey; draft?: Routine; routine: Routine };

/** The payslip routine's first version: the expert draft, read against the catalog as a pasted draft is. */
function payslipDraft(): Routine {
  // "input employee id, pay period" binds the tools' parameters, and the rest become model-filled with the
  // catalog's descriptions as hints.
  const draft = parseRoutineText(PAYSLIP_DRAFT_TEXT, {
    resolveTool: (name) => (DEMO_HR_TOOLS.some((tool) => tool.name === name) ? hr(name) : undefined),
    tools: DEMO_HR_TOOLS,
  });
  if (!draft.ok)
    throw new Error(`The demo draft does not parse: ${draft.errors.map((error) => error.message).join("; ")}`);
  return draft.routine;
}

/** The routines a demo installation starts with, in the library's order. */
export function demoLibrary(): DemoLibraryRoutine[] {
  return [
    { key: "annual_leave", routine: routineSchema.parse(ANNUAL_LEAVE) },
    { key: "payslip", draft: payslipDraft(), routine: routineSchema.parse(PAYSLIP) },
    { key: "sick_leave", routine: routineSchema.parse(SICK_LEAVE) },
  ];
}

/**
 * Every routine version the demo seeds: annual leave, the payslip expert draft, the payslip routine made from it,
 * and sick leave.
 */
export function demoRoutines(): Routine[] {
  return demoLibrary().flatMap((entry) => (entry.draft ? [entry.draft, entry.routine] : [entry.routine]));
}
