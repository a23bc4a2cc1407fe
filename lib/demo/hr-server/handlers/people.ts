import { REFERENCE_DATE } from "../data/calendar";
import type { Employee } from "../data/types";
import { HrToolError } from "../errors";
import type { HrStore } from "../store";
import { intInRange, readTool } from "./tool-kit";
import { employedOn, fullName, personRef } from "./views";

const EMPLOYEE_OUTPUT = {
  type: "object" as const,
  properties: {
    employee_id: { type: "string" },
    name: { type: "string" },
    email: { type: "string" },
    job_title: { type: "string" },
    department: {
      type: "object",
      properties: { department_id: { type: "string" }, name: { type: "string" } },
      required: ["department_id", "name"],
    },
    manager: { description: "The direct manager, or null for the chief executive." },
    location: { type: "string" },
    country: { type: "string" },
    start_date: { type: "string" },
    employment_type: { type: "string", enum: ["full_time", "part_time", "contractor", "intern"] },
    status: { type: "string", enum: ["active", "on_leave", "terminated"] },
  },
  required: [
    "employee_id",
    "name",
    "email",
    "job_title",
    "department",
    "manager",
    "location",
    "start_date",
    "employment_type",
    "status",
  ],
};

/** The full profile get_employee returns (also used after a contact update). */
export function employeeProfile(employee: Employee, store: HrStore) {
  const department = store.department(employee.departmentId);
  const manager = employee.managerId ? store.employee(employee.managerId) : null;
  const contact = store.contactOf(employee);
  return {
    employee_id: employee.id,
    name: fullName(employee),
    first_name: employee.firstName,
    last_name: employee.lastName,
    email: employee.email,
    job_title: employee.jobTitle,
    level: employee.level,
    department: { department_id: department.id, name: department.name },
    manager: manager ? { employee_id: manager.id, name: fullName(manager), job_title: manager.jobTitle } : null,
    location: employee.location.name,
    country: employee.location.country,
    start_date: employee.startDate,
    employment_type: employee.employmentType,
    fte: employee.fte,
    status: employee.status,
    termination_date: employee.terminationDate,
    direct_reports: store.directReportsOf(employee.id).filter((report) => report.status !== "terminated").length,
    contact: { phone: contact.phone, personal_email: contact.personalEmail, home_address: contact.homeAddress },
  };
}

const getEmployee = readTool<{ employee_id: string }>(
  "get_employee",
  "Look up an employee",
  ({ employee_id }, store) => employeeProfile(store.employee(employee_id), store),
  EMPLOYEE_OUTPUT,
);

const searchEmployees = readTool<{ query: string; department_id?: string; location?: string; limit?: number }>(
  "search_employees",
  "Search employees",
  ({ query, department_id, location, limit }, store) => {
    const words = normalise(query).split(" ").filter(Boolean);
    if (words.length === 0)
      throw new HrToolError('query must contain at least one word to match, e.g. "Weber" or "engineer".');
    const max = intInRange(limit, "limit", 1, 50, 10);
    const departments = department_id
      ? new Set(store.departmentsUnder(department_id).map((department) => department.id))
      : undefined;
    const place = location ? normalise(location) : undefined;
    if (place && !store.dataset.employees.some((employee) => matchesLocation(employee, place))) {
      const known = [...new Set(store.dataset.employees.map((employee) => employee.location.name))].join(", ");
      throw new HrToolError(`No office in "${location}". Offices: ${known}.`);
    }
    const matches = store.dataset.employees.filter((employee) => {
      const text = normalise(`${fullName(employee)} ${employee.email} ${employee.jobTitle}`);
      return (
        words.every((word) => text.includes(word)) &&
        (!departments || departments.has(employee.departmentId)) &&
        (!place || matchesLocation(employee, place))
      );
    });
    return {
      query,
      total_matches: matches.length,
      returned: Math.min(max, matches.length),
      results: matches.slice(0, max).map((employee) => ({
        ...personRef(employee),
        email: employee.email,
        location: employee.location.name,
        status: employee.status,
      })),
    };
  },
);

const getDepartment = readTool<{ department_id: string }>(
  "get_department",
  "Get a department",
  ({ department_id }, store) => {
    const department = store.department(department_id);
    const parent = department.parentId ? store.department(department.parentId) : null;
    const subtree = new Set(store.departmentsUnder(department.id).map((each) => each.id));
    const current = store.dataset.employees.filter((employee) => employedOn(employee, REFERENCE_DATE));
    return {
      department_id: department.id,
      name: department.name,
      head: personRef(store.employee(department.headId)),
      parent_department: parent ? { department_id: parent.id, name: parent.name } : null,
      sub_departments: store.dataset.departments
        .filter((each) => each.parentId === department.id)
        .map((each) => ({ department_id: each.id, name: each.name })),
      cost_center: department.costCenter,
      headcount: current.filter((employee) => employee.departmentId === department.id).length,
      headcount_including_sub_departments: current.filter((employee) => subtree.has(employee.departmentId)).length,
    };
  },
);

type OrgNode = ReturnType<typeof personRef> & { direct_reports: number; reports?: OrgNode[] };

const getOrgChart = readTool<{ department_id: string; depth?: number }>(
  "get_org_chart",
  "Get an org chart",
  ({ department_id, depth }, store) => {
    const department = store.department(department_id);
    const levels = intInRange(depth, "depth", 1, 5, 2);
    let people = 0;
    const node = (employee: Employee, level: number): OrgNode => {
      people++;
      const reports = store.directReportsOf(employee.id).filter((report) => report.status !== "terminated");
      const shown: OrgNode = { ...personRef(employee), direct_reports: reports.length };
      if (level < levels && reports.length > 0) shown.reports = reports.map((report) => node(report, level + 1));
      return shown;
    };
    const tree = node(store.employee(department.headId), 0);
    return { department_id: department.id, name: department.name, depth: levels, people_shown: people, tree };
  },
);

const getManagerChain = readTool<{ employee_id: string; max_levels?: number }>(
  "get_manager_chain",
  "Get the manager chain",
  ({ employee_id, max_levels }, store) => {
    const employee = store.employee(employee_id);
    const limit = intInRange(max_levels, "max_levels", 1, 10, 10);
    const chain: Array<ReturnType<typeof personRef> & { level: number }> = [];
    for (let managerId = employee.managerId; managerId && chain.length < limit;) {
      const manager = store.employee(managerId);
      chain.push({ level: chain.length + 1, ...personRef(manager) });
      managerId = manager.managerId;
    }
    const last = chain.length > 0 ? store.employee(chain[chain.length - 1].employee_id) : employee;
    return {
      employee_id: employee.id,
      name: fullName(employee),
      managers: chain,
      reaches_top: last.managerId === null,
    };
  },
);

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function matchesLocation(employee: Employee, place: string): boolean {
  return normalise(employee.location.name) === place || employee.location.country.toLowerCase() === place;
}

/** Reading tools about people and reporting lines (check_permission and the contact update live beside). */
export const PEOPLE_HANDLERS = [getEmployee, searchEmployees, getDepartment, getOrgChart, getManagerChain];
