import { buildHrDataset } from "./data/dataset";
import type { Contact, Department, Employee, ExpenseClaim, HrDataset, LeaveRequest, Training } from "./data/types";
import { HrToolError } from "./errors";

/** An email the server recorded instead of sending. */
export type OutboxMessage = {
  message_id: string;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  recorded_at: string;
  /** The demo never sends mail; every message stays here. */
  delivery: "recorded_not_sent";
};

export type Enrollment = {
  employee_id: string;
  training_id: string;
  status: "confirmed" | "waitlisted";
  waitlist_position: number | null;
  enrolled_at: string;
};

/** How many times a side-effect tool really ran for one idempotency key: 1 when retries were deduplicated. */
export type SideEffectCount = { tool: string; idempotencyKey: string; count: number };

/** A remembered side effect: the arguments it ran with and the result to answer repeats with. */
type IdempotencyRecord = { fingerprint: string; result: unknown };

let sharedDataset: HrDataset | undefined;

/**
 * The data set plus everything tool calls changed. One store per server (the HTTP server shares one across its
 * sessions), so a change made in one call is seen by the next and a restart starts from the seeded data again.
 */
export type HrStore = ReturnType<typeof createHrStore>;

/** Creates a store over the seeded data set (built once per process; it is never mutated) with empty changes. */
export function createHrStore() {
  sharedDataset ??= buildHrDataset();
  const dataset = sharedDataset;
  const employees = new Map(dataset.employees.map((employee) => [employee.id, employee]));
  const departments = new Map(dataset.departments.map((department) => [department.id, department]));
  const trainings = new Map(dataset.trainings.map((training) => [training.id, training]));
  const claims = new Map(dataset.expenseClaims.map((claim) => [claim.id, claim]));
  const directReports = new Map<string, Employee[]>();
  for (const employee of dataset.employees) {
    if (!employee.managerId) continue;
    const reports = directReports.get(employee.managerId) ?? [];
    reports.push(employee);
    directReports.set(employee.managerId, reports);
  }

  // The seeded requests are copied, so approvals and cancellations stay in this store.
  const leaveRequests = new Map<string, LeaveRequest>(
    dataset.leaveRequests.map((request) => [request.id, structuredClone(request)]),
  );
  const contactChanges = new Map<string, Contact>();
  const department = (id: string): Department => {
    const found = departments.get(id.trim().toUpperCase());
    if (!found)
      throw new HrToolError(`Unknown department ID "${id}". Known departments: ${[...departments.keys()].join(", ")}.`);
    return found;
  };

  return {
    dataset,
    /** Leave requests by ID: the seeded ones and those filed since. */
    leaveRequests,
    contactChanges,
    enrollments: new Map<string, Enrollment[]>(),
    outbox: [] as OutboxMessage[],
    idempotency: new Map<string, IdempotencyRecord>(),
    /** Per tool and idempotency key, how many times the side effect really ran (a replay does not count). */
    sideEffects: new Map<string, SideEffectCount>(),

    employee(id: string): Employee {
      const employee = employees.get(id.trim().toUpperCase());
      if (!employee) {
        throw new HrToolError(
          `Unknown employee ID "${id}". IDs look like "E1024" (E1000–E${999 + employees.size}); use search_employees to find someone by name.`,
        );
      }
      return employee;
    },
    department,
    training(id: string): Training {
      const training = trainings.get(id.trim().toUpperCase());
      if (!training)
        throw new HrToolError(
          `Unknown training ID "${id}". IDs look like "TR-104"; use list_trainings to see the courses.`,
        );
      return training;
    },
    expenseClaim(id: string): ExpenseClaim {
      const claim = claims.get(id.trim().toUpperCase());
      if (!claim)
        throw new HrToolError(
          `Unknown expense claim ID "${id}". IDs look like "EC-2025-0137" (EC-2024-0001–0060, EC-2025-0001–0150).`,
        );
      return claim;
    },
    leaveRequest(id: string): LeaveRequest {
      const request = leaveRequests.get(id.trim().toUpperCase());
      if (!request)
        throw new HrToolError(
          `Unknown leave request ID "${id}". IDs look like "LR-2025-0042", as apply_leave returns them.`,
        );
      return request;
    },
    /** The employee's contact details with any updates made through update_employee_contact. */
    contactOf(employee: Employee): Contact {
      return contactChanges.get(employee.id) ?? employee.contact;
    },
    directReportsOf(id: string): Employee[] {
      return directReports.get(id) ?? [];
    },
    departmentsUnder(id: string): Department[] {
      const root = department(id);
      const result = [root];
      for (let index = 0; index < result.length; index++) {
        result.push(...dataset.departments.filter((department) => department.parentId === result[index].id));
      }
      return result;
    },
    /** Next free leave request ID for the year of the leave, continuing after the seeded ones. */
    nextLeaveRequestId(year: number): string {
      const prefix = `LR-${year}-`;
      const taken = [...leaveRequests.keys()]
        .filter((id) => id.startsWith(prefix))
        .map((id) => Number(id.slice(prefix.length)));
      return `${prefix}${String(Math.max(0, ...taken) + 1).padStart(4, "0")}`;
    },
  };
}
