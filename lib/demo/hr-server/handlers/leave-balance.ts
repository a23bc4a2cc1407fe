import { CURRENT_YEAR, REFERENCE_DATE } from "../data/calendar";
import { entitlementFor } from "../data/leave-policies";
import type { Employee, LeaveType } from "../data/types";
import { HrToolError } from "../errors";
import type { HrStore } from "../store";

/** Years with leave data: last year's closed balance, this year's and next year's fresh entitlement. */
export const LEAVE_YEARS = [CURRENT_YEAR - 1, CURRENT_YEAR, CURRENT_YEAR + 1];

export type LeaveBalance = {
  leave_type: LeaveType;
  entitlement_days: number | null;
  carried_over_days: number;
  taken_days: number;
  booked_days: number;
  pending_days: number;
  remaining_days: number | null;
};

/** Checks the year argument: a year with data, not before the employee joined. */
export function leaveYear(employee: Employee, year: number | undefined): number {
  const chosen = year ?? CURRENT_YEAR;
  if (!LEAVE_YEARS.includes(chosen))
    throw new HrToolError(`year must be one of ${LEAVE_YEARS.join(", ")}; got ${chosen}.`);
  if (Number(employee.startDate.slice(0, 4)) > chosen)
    throw new HrToolError(`${employee.id} joined on ${employee.startDate}; there is no leave for ${chosen}.`);
  return chosen;
}

/**
 * The balance of one leave type in one year: entitlement plus carry-over, minus leave taken (approved, started by
 * the reference date), booked (approved, ahead) and pending. Unpaid leave has no entitlement, so no remainder.
 */
export function leaveBalance(employee: Employee, leaveType: LeaveType, year: number, store: HrStore): LeaveBalance {
  const ledger = leaveType === "annual" ? store.dataset.annualLedger.get(`${employee.id}/${year}`) : undefined;
  let taken = ledger?.takenBefore ?? 0;
  let booked = 0;
  let pending = 0;
  for (const request of store.leaveRequests.values()) {
    if (
      request.employeeId !== employee.id ||
      request.leaveType !== leaveType ||
      !request.startDate.startsWith(String(year))
    )
      continue;
    if (request.status === "pending") pending += request.days;
    else if (request.status === "approved" && request.startDate <= REFERENCE_DATE) taken += request.days;
    else if (request.status === "approved") booked += request.days;
  }
  const entitlement = entitlementFor(employee, leaveType, year);
  const carriedOver = ledger?.carriedOver ?? 0;
  return {
    leave_type: leaveType,
    entitlement_days: entitlement,
    carried_over_days: carriedOver,
    taken_days: taken,
    booked_days: booked,
    pending_days: pending,
    remaining_days: entitlement === null ? null : entitlement + carriedOver - taken - booked - pending,
  };
}
