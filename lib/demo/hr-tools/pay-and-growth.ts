import { DEPARTMENT_ID, EMPLOYEE_ID, PERIOD, YEAR, date, hrTool, text } from "./params";

/** Payroll, expenses, performance and training. */
export const PAY_AND_GROWTH_TOOLS = [
  hrTool(
    "get_payroll_summary",
    "Get payroll totals for a pay period: gross pay, deductions, net pay and headcount, company-wide or for one department.",
    { period: PERIOD, department_id: DEPARTMENT_ID },
    ["period"],
  ),
  hrTool(
    "get_payslip",
    "Get an employee's payslip for a pay period: gross pay, deductions, taxes and net pay.",
    { employee_id: EMPLOYEE_ID, period: PERIOD },
    ["employee_id", "period"],
  ),
  hrTool(
    "get_expense_claim_status",
    "Get the status of an expense claim: amount, current approval stage and payment date.",
    { claim_id: text('Expense claim ID, e.g. "EC-2025-0137".') },
    ["claim_id"],
  ),
  hrTool(
    "get_performance_reviews",
    "Get an employee's performance reviews, newest first: rating, reviewer and summary.",
    { employee_id: EMPLOYEE_ID, year: YEAR },
    ["employee_id"],
  ),
  hrTool(
    "get_goals",
    "Get an employee's goals for a review cycle, with status and progress.",
    { employee_id: EMPLOYEE_ID, cycle: text('Review cycle, e.g. "2025" or "2025-H1"; default: the current cycle.') },
    ["employee_id"],
  ),
  hrTool(
    "list_trainings",
    "List training courses open for enrollment, optionally by topic or start date; returns IDs, titles, dates and free seats.",
    { topic: text('Topic to match, e.g. "leadership" or "security".'), starts_after: date("Earliest start date") },
  ),
  hrTool(
    "enroll_training",
    "Enroll an employee in a training course; returns the enrollment status (confirmed or waitlisted).",
    { employee_id: EMPLOYEE_ID, training_id: text('Training course ID as returned by list_trainings, e.g. "TR-104".') },
    ["employee_id", "training_id"],
  ),
];
