import { EMPLOYEE_ID, hrTool, list, text } from "./params";

/** Reports, documents and notifications. */
export const REPORTS_AND_MESSAGES_TOOLS = [
  hrTool(
    "get_headcount_report",
    "Get the headcount on a date, broken down by department, location or employment type.",
    {
      as_of_date: text("Date to count on as an ISO date, YYYY-MM-DD; default: today."),
      group_by: text("Breakdown: department, location or employment_type; default department."),
      department_id: text('Department ID, e.g. "D-ENG": count only this department and the ones below it.'),
    },
  ),
  hrTool(
    "generate_document",
    "Generate an HR document for an employee from a template, such as an employment or salary certificate; returns a download link.",
    {
      template: text("Template: employment_certificate, salary_certificate, leave_confirmation or experience_letter."),
      employee_id: EMPLOYEE_ID,
      language: text('Document language as an ISO 639-1 code, e.g. "en"; default "en".'),
    },
    ["template", "employee_id"],
  ),
  hrTool(
    "send_email_notification",
    "Send an email notification to an employee or an email address; returns the message ID.",
    {
      to: text("Recipient: an employee ID or an email address."),
      subject: text("Subject line."),
      body: text("Message text; plain text, may contain line breaks."),
      cc: list("Further recipients: employee IDs or email addresses."),
    },
    ["to", "subject", "body"],
  ),
];
