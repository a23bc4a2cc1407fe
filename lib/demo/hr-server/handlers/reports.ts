import { REFERENCE_DATE, REFERENCE_TIMESTAMP, addDays, parseIsoDate } from "../data/calendar";
import type { Employee } from "../data/types";
import { HrToolError } from "../errors";
import type { HrStore, OutboxMessage } from "../store";
import { oneOf, readTool, writeTool } from "./tool-kit";
import { employedOn, fullName } from "./views";

const GROUPINGS = ["department", "location", "employment_type"] as const;
const FOUNDED = "2012-01-02";

const getHeadcountReport = readTool<{ as_of_date?: string; group_by?: string; department_id?: string }>(
  "get_headcount_report",
  "Get a headcount report",
  ({ as_of_date, group_by, department_id }, store) => {
    const date = as_of_date === undefined ? REFERENCE_DATE : parseIsoDate(as_of_date, "as_of_date");
    if (date > REFERENCE_DATE)
      throw new HrToolError(`as_of_date ${date} is in the future; headcount is known up to today, ${REFERENCE_DATE}.`);
    if (date < FOUNDED) throw new HrToolError(`The company was founded on ${FOUNDED}; choose a later as_of_date.`);
    const grouping = group_by === undefined ? "department" : oneOf(group_by, "group_by", GROUPINGS);
    const scope = department_id ? store.departmentsUnder(department_id) : store.dataset.departments;
    const inScope = new Set(scope.map((department) => department.id));
    const counted = store.dataset.employees.filter(
      (employee) => inScope.has(employee.departmentId) && employedOn(employee, date),
    );
    const keyOf = (employee: Employee) =>
      grouping === "department"
        ? employee.departmentId
        : grouping === "location"
          ? employee.location.name
          : employee.employmentType;
    const groups = new Map<string, Employee[]>();
    for (const employee of counted) groups.set(keyOf(employee), [...(groups.get(keyOf(employee)) ?? []), employee]);
    const recent = addDays(date, -90);
    return {
      as_of_date: date,
      group_by: grouping,
      scope: department_id ? { department_id: scope[0].id, includes: [...inScope] } : "company",
      total_headcount: counted.length,
      total_fte: round(counted.reduce((sum, employee) => sum + employee.fte, 0)),
      groups: [...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, members]) => ({
          key,
          label: grouping === "department" ? store.department(key).name : key,
          headcount: members.length,
          fte: round(members.reduce((sum, employee) => sum + employee.fte, 0)),
          new_hires_last_90_days: members.filter((employee) => employee.startDate > recent).length,
          leavers_last_90_days: store.dataset.employees.filter(
            (employee) =>
              keyOf(employee) === key &&
              inScope.has(employee.departmentId) &&
              employee.terminationDate &&
              employee.terminationDate > recent &&
              employee.terminationDate <= date,
          ).length,
          employees: members.map((employee) => ({
            employee_id: employee.id,
            name: fullName(employee),
            job_title: employee.jobTitle,
            department_id: employee.departmentId,
            location: employee.location.name,
            employment_type: employee.employmentType,
            start_date: employee.startDate,
          })),
        })),
    };
  },
);

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An employee ID becomes the employee's work email; anything else must already be an email address. */
function recipient(value: unknown, name: string, store: HrStore): string {
  if (typeof value !== "string" || !value.trim())
    throw new HrToolError(`${name} must be an employee ID like "E1024" or an email address.`);
  const trimmed = value.trim();
  if (/^E\d+$/i.test(trimmed)) {
    const employee = store.employee(trimmed);
    if (employee.status === "terminated")
      throw new HrToolError(`${employee.id} has left the company; their work mailbox is closed.`);
    return employee.email;
  }
  if (!EMAIL.test(trimmed))
    throw new HrToolError(`${name} "${trimmed}" is neither an employee ID like "E1024" nor an email address.`);
  return trimmed.toLowerCase();
}

const EMAIL_OUTPUT = {
  type: "object" as const,
  properties: {
    message_id: { type: "string" },
    status: { type: "string", const: "recorded" },
    to: { type: "array", items: { type: "string" } },
    cc: { type: "array", items: { type: "string" } },
  },
  required: ["message_id", "status", "to", "cc"],
};

const sendEmailNotification = writeTool<{ to: string; subject: string; body: string; cc?: unknown[] }>(
  "send_email_notification",
  "Send an email notification",
  { destructive: false, idempotent: false, openWorld: true },
  ({ to, subject, body, cc }, store) => {
    const recipients = [recipient(to, "to", store)];
    const copies = (cc ?? []).map((each, index) => recipient(each, `cc[${index}]`, store));
    if (!subject.trim()) throw new HrToolError("subject must not be empty.");
    if (subject.length > 200) throw new HrToolError(`subject is ${subject.length} characters long; keep it to 200.`);
    if (!body.trim()) throw new HrToolError("body must not be empty.");
    if (body.length > 50_000) throw new HrToolError(`body is ${body.length} characters long; the limit is 50000.`);
    const message: OutboxMessage = {
      message_id: `MSG-${String(store.outbox.length + 1).padStart(6, "0")}`,
      to: recipients,
      cc: [...new Set(copies)],
      subject: subject.trim(),
      body,
      recorded_at: REFERENCE_TIMESTAMP,
      delivery: "recorded_not_sent",
    };
    store.outbox.push(message);
    return {
      message_id: message.message_id,
      status: "recorded",
      to: message.to,
      cc: message.cc,
      note: "Demo server: the message is recorded in the outbox and never sent.",
    };
  },
  EMAIL_OUTPUT,
);

/** Headcount reporting and email notifications. */
export const REPORT_HANDLERS = [getHeadcountReport, sendEmailNotification];
