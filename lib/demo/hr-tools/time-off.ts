import { EMPLOYEE_ID, LEAVE_REQUEST_ID, LEAVE_TYPE, YEAR, date, flag, hrTool, integer, text } from "./params";

/** Leave, holidays, attendance and overtime. */
export const TIME_OFF_TOOLS = [
  hrTool(
    "get_leave_balance",
    "Get an employee's remaining leave days for a year, per leave type or for one type.",
    { employee_id: EMPLOYEE_ID, leave_type: LEAVE_TYPE, year: YEAR },
    ["employee_id"],
  ),
  hrTool(
    "get_leave_policy",
    "Get the policy for a leave type: yearly entitlement, notice period, carry-over rules and documents required.",
    {
      leave_type: LEAVE_TYPE,
      country: text('ISO 3166 country code of the work location, e.g. "DE"; default: the company-wide policy.'),
    },
    ["leave_type"],
  ),
  hrTool(
    "apply_leave",
    "Submit a leave request for an employee; returns the request ID and its approval status.",
    {
      employee_id: EMPLOYEE_ID,
      leave_type: LEAVE_TYPE,
      start_date: date("First day of leave"),
      end_date: date("Last day of leave"),
      half_day: flag("True for a half day; start_date and end_date must then be the same day."),
      reason: text("Reason for the request, shown to the approver."),
    },
    ["employee_id", "leave_type", "start_date", "end_date"],
  ),
  hrTool(
    "approve_leave",
    "Approve a pending leave request as the employee's manager or an HR approver.",
    {
      leave_request_id: LEAVE_REQUEST_ID,
      approver_id: text("Employee ID of the approver."),
      comment: text("Note for the employee."),
    },
    ["leave_request_id", "approver_id"],
  ),
  hrTool(
    "cancel_leave",
    "Cancel a pending or approved leave request and return its days to the employee's balance.",
    { leave_request_id: LEAVE_REQUEST_ID, reason: text("Why the leave is cancelled.") },
    ["leave_request_id"],
  ),
  hrTool(
    "list_holidays",
    "List the public holidays of a country in a year.",
    { country: text('ISO 3166 country code, e.g. "DE".'), year: integer("Calendar year, e.g. 2025.") },
    ["country", "year"],
  ),
  hrTool(
    "get_attendance",
    "Get an employee's daily attendance between two dates: check-in and check-out times, hours worked and absences.",
    { employee_id: EMPLOYEE_ID, start_date: date("First day"), end_date: date("Last day") },
    ["employee_id", "start_date", "end_date"],
  ),
  hrTool(
    "get_overtime",
    "Get an employee's overtime hours for a month, with approved and pending totals.",
    { employee_id: EMPLOYEE_ID, month: text('Month as YYYY-MM, e.g. "2025-06".') },
    ["employee_id", "month"],
  ),
];
