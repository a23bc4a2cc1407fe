import type { RoutineInput } from "../../routine";
import { fromStep, hr, input, literal, model } from "./demo-bindings";

/**
 * Reporting sick leave: the absence is recorded, the employee is told whether the sick-leave policy of their
 * country asks for a medical certificate for an absence this long, and their manager is told they are away.
 */
export const SICK_LEAVE: RoutineInput = {
  schemaVersion: 2,
  id: "sick_leave",
  name: "Report sick leave",
  description:
    "Records an employee's sick leave, tells them whether their country's policy asks for a medical certificate, and informs their manager.",
  intents: [
    "I'm ill today and can't come in",
    "I was sick on Thursday and Friday",
    "E1024 has been off sick since Monday",
  ],
  inputs: [
    { name: "employee_id", description: 'The employee who is sick, e.g. "E1024".', type: "string", required: true },
    { name: "start_date", description: "First day off sick (YYYY-MM-DD).", type: "string", required: true },
    {
      name: "end_date",
      description: "Last day off sick (YYYY-MM-DD); the same as start_date for one day.",
      type: "string",
      required: true,
    },
  ],
  steps: [
    {
      id: "employee",
      kind: "tool",
      name: "Look up employee",
      description: "Find the employee's record: country and manager.",
      tool: hr("get_employee"),
      inputs: { employee_id: input("employee_id") },
      outputs: [{ name: "employee", description: "The employee's profile" }],
    },
    {
      id: "policy",
      kind: "tool",
      name: "Read the sick leave policy",
      description: "The sick leave policy of the employee's country: which documents it asks for, from which day.",
      tool: hr("get_leave_policy"),
      inputs: { leave_type: literal("sick"), country: fromStep("employee", "employee.country") },
      outputs: [{ name: "policy", description: "The policy, with the documents required" }],
    },
    {
      id: "record",
      kind: "tool",
      name: "Record the sick leave",
      description: "File the sick leave; short absences are approved by the policy at once.",
      tool: hr("apply_leave"),
      inputs: {
        employee_id: input("employee_id"),
        leave_type: literal("sick"),
        start_date: input("start_date"),
        end_date: input("end_date"),
      },
      outputs: [{ name: "request", description: "The leave request with its ID and status" }],
      completion: "The sick leave has a request ID.",
    },
    {
      id: "certificate",
      kind: "branch",
      name: "Certificate needed?",
      description:
        "Does the policy ask for a medical certificate for an absence this long? Count calendar days from the first day off sick.",
    },
    {
      id: "ask_certificate",
      kind: "tool",
      name: "Ask for the certificate",
      description: "Confirm the sick leave and say which certificate to send.",
      tool: hr("send_email_notification"),
      inputs: {
        to: input("employee_id"),
        subject: literal("Please send a medical certificate"),
        body: model(
          "Confirm the recorded sick leave (request ID and dates), name the certificate the policy asks for and from which day, and ask them to send it to HR.",
        ),
      },
      outputs: [{ name: "message", description: "The sent message's ID" }],
    },
    {
      id: "get_well",
      kind: "tool",
      name: "Confirm, no certificate",
      description: "Confirm the sick leave; no certificate is needed.",
      tool: hr("send_email_notification"),
      inputs: {
        to: input("employee_id"),
        subject: literal("Your sick leave is recorded"),
        body: model(
          "Confirm the recorded sick leave (request ID and dates), say that no certificate is needed, and wish them well.",
        ),
      },
      outputs: [{ name: "message", description: "The sent message's ID" }],
    },
    {
      id: "manager",
      kind: "tool",
      name: "Inform the manager",
      description: "Tell the manager who is away and until when, without medical details.",
      tool: hr("send_email_notification"),
      inputs: {
        to: fromStep("employee", "employee.manager.employee_id"),
        subject: literal("Sick leave in your team"),
        body: model("Name the employee and the days they are off sick; give no medical details."),
      },
      outputs: [{ name: "message", description: "The sent message's ID" }],
    },
    { id: "done", kind: "end", name: "Done", description: "" },
  ],
  edges: [
    { id: "e1", source: "employee", target: "policy" },
    { id: "e2", source: "policy", target: "record" },
    { id: "e3", source: "record", target: "certificate" },
    { id: "e4", source: "certificate", target: "ask_certificate", condition: { label: "Certificate needed" } },
    { id: "e5", source: "certificate", target: "get_well", condition: { label: "No certificate needed" } },
    { id: "e6", source: "ask_certificate", target: "manager" },
    { id: "e7", source: "get_well", target: "manager" },
    { id: "e8", source: "manager", target: "done" },
  ],
};
