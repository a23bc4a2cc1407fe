import type { Employee } from "../data/types";
import { HrToolError } from "../errors";
import type { HrStore } from "../store";
import { readTool, writeTool } from "./tool-kit";
import { employeeProfile } from "./people";
import { fullName } from "./views";

/** Actions check_permission knows; what each needs is decided in `decide`. */
const ACTIONS = [
  "view_profile",
  "update_contact",
  "view_leave",
  "approve_leave",
  "view_payroll",
  "view_payslip",
  "view_performance_reviews",
  "edit_performance_reviews",
  "view_headcount",
  "generate_documents",
  "manage_training",
] as const;
type Action = (typeof ACTIONS)[number];

type Role = "employee" | "manager" | "hr" | "payroll" | "executive";

/** The roles an employee holds: everyone is an employee; the rest follow from department, title and reports. */
export function rolesOf(employee: Employee, store: HrStore): Role[] {
  const roles: Role[] = ["employee"];
  if (store.directReportsOf(employee.id).length > 0) roles.push("manager");
  if (employee.departmentId === "D-HR") roles.push("hr");
  if (employee.departmentId === "D-FIN" && /payroll|chief financial/i.test(employee.jobTitle)) roles.push("payroll");
  if (employee.level >= 7) roles.push("executive");
  return roles;
}

/** Whether `manager` is above `employee` anywhere in the reporting line. */
export function manages(manager: Employee, employee: Employee, store: HrStore): boolean {
  for (let id = employee.managerId; id; id = store.employee(id).managerId) if (id === manager.id) return true;
  return false;
}

function decide(
  actor: Employee,
  action: Action,
  target: Employee | undefined,
  store: HrStore,
): { allowed: boolean; reason: string } {
  const roles = rolesOf(actor, store);
  const self = !target || target.id === actor.id;
  const isManager = !!target && manages(actor, target, store);
  const isDirectManager = !!target && target.managerId === actor.id;
  const has = (role: Role) => roles.includes(role);
  const yes = (reason: string) => ({ allowed: true, reason });
  const no = (reason: string) => ({ allowed: false, reason });
  if (actor.status === "terminated") return no("The employee has left the company and holds no permissions.");
  switch (action) {
    case "view_profile":
      return yes("Every employee may see colleagues' work profiles.");
    case "update_contact":
    case "view_leave":
      if (self) return yes("Employees manage their own records.");
      if (has("hr")) return yes("HR may act on every employee's record.");
      if (action === "view_leave" && isManager) return yes("Managers see the leave of people in their reporting line.");
      return no(
        "Only the employee, HR" +
          (action === "view_leave" ? " or a manager in their reporting line" : "") +
          " may do this.",
      );
    case "approve_leave":
      if (target && target.id === actor.id) return no("Nobody may approve their own leave.");
      if (!target)
        return has("manager") || has("hr")
          ? yes("Managers approve leave for their reports; HR for everyone.")
          : no("Only managers and HR approve leave.");
      if (isManager) return yes("The approver is in the employee's reporting line.");
      if (has("hr")) return yes("HR may approve anyone's leave.");
      return no(`Only ${target.managerId ? "the employee's managers" : "HR"} or HR may approve this leave.`);
    case "view_payroll":
      return has("payroll") || (has("executive") && actor.level === 8)
        ? yes("Payroll staff and the CEO see payroll.")
        : no("Only payroll staff and the CEO see payroll totals.");
    case "view_payslip":
      if (self) return yes("Employees see their own payslips.");
      return has("payroll")
        ? yes("Payroll staff see every payslip.")
        : no("Only the employee and payroll staff see a payslip; managers do not.");
    case "view_performance_reviews":
      if (self) return yes("Employees see their own reviews.");
      if (isManager) return yes("Managers see the reviews of people in their reporting line.");
      return has("hr") ? yes("HR sees every review.") : no("Only the employee, their managers and HR see reviews.");
    case "edit_performance_reviews":
      if (self) return no("Nobody may edit their own review.");
      return isDirectManager
        ? yes("The direct manager writes the review.")
        : no("Only the direct manager may edit a review.");
    case "view_headcount":
      return has("hr") || has("executive")
        ? yes("HR and executives see headcount reports.")
        : no("Only HR and executives see headcount reports.");
    case "generate_documents":
      return has("hr") || self
        ? yes(self ? "Employees may request their own certificates." : "HR generates documents for everyone.")
        : no("Only the employee and HR may generate documents.");
    case "manage_training":
      return self || isManager || has("hr")
        ? yes("Employees, their managers and HR may enrol them.")
        : no("Only the employee, their managers and HR may enrol them.");
  }
}

const checkPermission = readTool<{ employee_id: string; action: string; target_employee_id?: string }>(
  "check_permission",
  "Check a permission",
  ({ employee_id, action, target_employee_id }, store) => {
    const actor = store.employee(employee_id);
    const known = ACTIONS.find((each) => each === action.trim().toLowerCase());
    if (!known) throw new HrToolError(`Unknown action "${action}". Known actions: ${ACTIONS.join(", ")}.`);
    const target = target_employee_id ? store.employee(target_employee_id) : undefined;
    const { allowed, reason } = decide(actor, known, target, store);
    return {
      employee_id: actor.id,
      action: known,
      target_employee_id: target?.id ?? null,
      allowed,
      roles: rolesOf(actor, store),
      reason,
    };
  },
);

const PHONE = /^\+[1-9][0-9 ()-]{6,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const updateEmployeeContact = writeTool<{
  employee_id: string;
  phone?: string;
  personal_email?: string;
  home_address?: string;
}>(
  "update_employee_contact",
  "Update contact details",
  { destructive: true, idempotent: true },
  ({ employee_id, phone, personal_email, home_address }, store) => {
    const employee = store.employee(employee_id);
    if (phone === undefined && personal_email === undefined && home_address === undefined) {
      throw new HrToolError("Nothing to update: give at least one of phone, personal_email or home_address.");
    }
    if (employee.status === "terminated")
      throw new HrToolError(`${fullName(employee)} (${employee.id}) has left the company; their record is closed.`);
    if (phone !== undefined && !PHONE.test(phone.trim()))
      throw new HrToolError(
        `phone must be in international format starting with +, e.g. "+49 30 1234567"; got "${phone}".`,
      );
    if (personal_email !== undefined && !EMAIL.test(personal_email.trim()))
      throw new HrToolError(`personal_email is not an email address: "${personal_email}".`);
    if (home_address !== undefined && home_address.trim().length < 10)
      throw new HrToolError("home_address must be a full postal address (street, postcode and city).");
    const before = store.contactOf(employee);
    const after = {
      phone: phone?.trim() ?? before.phone,
      personalEmail: personal_email?.trim() ?? before.personalEmail,
      homeAddress: home_address?.trim() ?? before.homeAddress,
    };
    store.contactChanges.set(employee.id, after);
    const changed = [
      phone !== undefined && "phone",
      personal_email !== undefined && "personal_email",
      home_address !== undefined && "home_address",
    ].filter(Boolean);
    return { employee_id: employee.id, updated_fields: changed, contact: employeeProfile(employee, store).contact };
  },
);

/** check_permission and update_employee_contact. */
export const PERMISSION_HANDLERS = [checkPermission, updateEmployeeContact];
