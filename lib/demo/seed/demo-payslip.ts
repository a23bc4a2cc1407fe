import type { RoutineInput } from "../../routine";
import { fromStep, hr, input, literal, model } from "./demo-bindings";

/** An expert's rough draft in the paper's plain text: what the planner (#5) turns into a routine like the one below. */
export const PAYSLIP_DRAFT_TEXT = `Routine: Payslip question (expert draft)
An employee asks about their payslip; explain it and send a salary certificate when asked.

Step 1. Identify employee: find the employee who asks, input employee id, output employee record, using get_employee tool;
Step 2. Get payslip: fetch the payslip of the month in question, input employee id, pay period, output payslip, using get_payslip tool;
Step 3. Explain: summarize gross pay, deductions and net pay in plain words, input payslip, output explanation;
Step 4. Certificate wanted: This step performs a branch condition check:
Branch 4-1 Step 1. Generate certificate: If the employee asked for a salary certificate, generate it, input employee id, output document, using generate_document tool;
Branch 4-2 Step 1. Reply: If no certificate was asked for, send the explanation, input employee id, explanation, using send_email_notification tool and terminate the workflow;
Step 5. Send: email the explanation and the certificate, input employee id, explanation, document, using send_email_notification tool;
`;

/**
 * The payslip routine as reviewed and published: the expert draft above made complete. The employee and the pay
 * period are the routine's inputs, the explanation says what to cover, the certificate's template is fixed, and
 * each email has its own subject.
 */
export const PAYSLIP: RoutineInput = {
  schemaVersion: 2,
  id: "payslip_question",
  name: "Payslip question",
  description:
    "Explains an employee's payslip for a month in plain words, and sends a salary certificate when they ask for one.",
  intents: [
    "Can you explain my May payslip?",
    "Why was my pay higher in March?",
    "I need a salary certificate for my landlord",
  ],
  inputs: [
    { name: "employee_id", description: 'The employee asking, e.g. "E1024".', type: "string", required: true },
    {
      name: "period",
      description: 'The pay period asked about, as YYYY-MM, e.g. "2025-05".',
      type: "string",
      required: true,
    },
  ],
  steps: [
    {
      id: "employee",
      kind: "tool",
      name: "Look up employee",
      description: "Find the employee's record: name, location and employment type.",
      tool: hr("get_employee"),
      inputs: { employee_id: input("employee_id") },
      outputs: [{ name: "employee", description: "The employee's profile" }],
    },
    {
      id: "payslip",
      kind: "tool",
      name: "Get the payslip",
      description: "Fetch the payslip of the month in question.",
      tool: hr("get_payslip"),
      inputs: { employee_id: input("employee_id"), period: input("period") },
      outputs: [{ name: "payslip", description: "Earnings, deductions and net pay of the period" }],
      completion: "The payslip of the period is known.",
    },
    {
      id: "explain",
      kind: "skill",
      name: "Explain the payslip",
      description: "Answer the employee's question from the payslip.",
      instruction:
        "Explain the payslip in plain words, in its currency: each earning line (base salary, prorating, overtime, bonus), gross pay, each deduction and net pay. Answer what the employee asked first.",
      inputs: { payslip: fromStep("payslip", "payslip") },
      outputs: [{ name: "explanation", description: "The payslip explained" }],
    },
    {
      id: "wanted",
      kind: "branch",
      name: "Certificate asked for?",
      description: "Did the employee ask for a salary certificate (for a landlord, a bank, a visa)?",
    },
    {
      id: "certificate",
      kind: "tool",
      name: "Generate the salary certificate",
      description: "Generate the certificate from its template.",
      tool: hr("generate_document"),
      inputs: { template: literal("salary_certificate"), employee_id: input("employee_id") },
      outputs: [{ name: "document", description: "The certificate with its download link" }],
    },
    {
      id: "send_with_certificate",
      kind: "tool",
      name: "Send explanation and certificate",
      description: "Email the explanation with the certificate's link.",
      tool: hr("send_email_notification"),
      inputs: {
        to: input("employee_id"),
        subject: literal("Your payslip explained, with your salary certificate"),
        body: model("The explanation, then the certificate's download link from the generated document."),
      },
      outputs: [{ name: "message", description: "The sent message's ID" }],
    },
    {
      id: "reply",
      kind: "tool",
      name: "Send the explanation",
      description: "Email the explanation.",
      tool: hr("send_email_notification"),
      inputs: {
        to: input("employee_id"),
        subject: literal("Your payslip explained"),
        body: model("The explanation of the payslip."),
      },
      outputs: [{ name: "message", description: "The sent message's ID" }],
    },
    { id: "done", kind: "end", name: "Done", description: "" },
  ],
  edges: [
    { id: "e1", source: "employee", target: "payslip" },
    { id: "e2", source: "payslip", target: "explain" },
    { id: "e3", source: "explain", target: "wanted" },
    { id: "e4", source: "wanted", target: "certificate", condition: { label: "Certificate requested" } },
    { id: "e5", source: "wanted", target: "reply", condition: { label: "No certificate requested" } },
    { id: "e6", source: "certificate", target: "send_with_certificate" },
    { id: "e7", source: "send_with_certificate", target: "done" },
    { id: "e8", source: "reply", target: "done" },
  ],
};
