import { DEPARTMENT_ID, EMPLOYEE_ID, hrTool, integer, text } from "./params";

/** Employees, departments, reporting lines and permissions. */
export const PEOPLE_TOOLS = [
  hrTool(
    "get_employee",
    "Look up an employee's profile: name, job title, department, manager, work location, start date and employment status.",
    { employee_id: EMPLOYEE_ID },
    ["employee_id"],
  ),
  hrTool(
    "search_employees",
    "Find employees by name, email or job title, optionally within a department or location; returns IDs, names and titles.",
    {
      query: text("Text to match against name, email or job title."),
      department_id: DEPARTMENT_ID,
      location: text('Office location, e.g. "Berlin".'),
      limit: integer("Maximum number of results, 1–50; default 10."),
    },
    ["query"],
  ),
  hrTool(
    "get_department",
    "Get a department's name, head, parent department, cost center and headcount.",
    { department_id: DEPARTMENT_ID },
    ["department_id"],
  ),
  hrTool(
    "get_org_chart",
    "Get the reporting tree of a department: its head and the people below, down to a given depth.",
    { department_id: DEPARTMENT_ID, depth: integer("Levels below the department head to include, 1–5; default 2.") },
    ["department_id"],
  ),
  hrTool(
    "get_manager_chain",
    "List an employee's managers from the direct manager up to the top of the organization.",
    { employee_id: EMPLOYEE_ID, max_levels: integer("How many levels up to go, 1–10; default: all.") },
    ["employee_id"],
  ),
  hrTool(
    "check_permission",
    "Check whether an employee may perform an HR action, such as approving leave or viewing payroll, optionally on another employee's record.",
    {
      employee_id: text("ID of the employee who wants to act."),
      action: text('The action to check, e.g. "approve_leave", "view_payroll" or "view_performance_reviews".'),
      target_employee_id: text("ID of the employee whose record the action concerns, if any."),
    },
    ["employee_id", "action"],
  ),
  hrTool(
    "update_employee_contact",
    "Update an employee's personal contact details: phone number, personal email or home address. Only the fields given change.",
    {
      employee_id: EMPLOYEE_ID,
      phone: text('Phone number in international format, e.g. "+49 30 1234567".'),
      personal_email: text("Personal email address."),
      home_address: text("Full postal home address."),
    },
    ["employee_id"],
  ),
];
