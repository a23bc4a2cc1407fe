import { REFERENCE_DATE, REFERENCE_TIMESTAMP, daysBetween, parseIsoDate } from "../data/calendar";
import { HOLIDAY_COUNTRIES, workingDaysBetween } from "../data/holidays";
import { leavePolicy } from "../data/leave-policies";
import { LEAVE_TYPES, type LeaveRequest } from "../data/types";
import { HrToolError } from "../errors";
import { leaveBalance, leaveYear } from "./leave-balance";
import { manages, rolesOf } from "./permissions";
import { oneOf, readTool, writeTool } from "./tool-kit";
import { fullName } from "./views";

const BALANCE_OUTPUT = {
  type: "object" as const,
  properties: {
    employee_id: { type: "string" },
    year: { type: "integer" },
    balances: {
      type: "array",
      items: {
        type: "object",
        properties: {
          leave_type: { type: "string" },
          remaining_days: { type: ["number", "null"] },
          entitlement_days: { type: ["number", "null"] },
        },
        required: ["leave_type", "remaining_days", "entitlement_days"],
      },
    },
  },
  required: ["employee_id", "year", "balances"],
};

const getLeaveBalance = readTool<{ employee_id: string; leave_type?: string; year?: number }>(
  "get_leave_balance",
  "Get leave balance",
  ({ employee_id, leave_type, year }, store) => {
    const employee = store.employee(employee_id);
    const types = leave_type ? [oneOf(leave_type, "leave_type", LEAVE_TYPES)] : LEAVE_TYPES;
    const chosenYear = leaveYear(employee, year);
    return {
      employee_id: employee.id,
      name: fullName(employee),
      year: chosenYear,
      balances: types.map((type) => leaveBalance(employee, type, chosenYear, store)),
    };
  },
  BALANCE_OUTPUT,
);

const getLeavePolicy = readTool<{ leave_type: string; country?: string }>(
  "get_leave_policy",
  "Get leave policy",
  ({ leave_type, country }) => {
    const type = oneOf(leave_type, "leave_type", LEAVE_TYPES);
    if (country === undefined) return leavePolicy(type);
    const code = HOLIDAY_COUNTRIES.find((each) => each === country.trim().toUpperCase());
    if (!code)
      throw new HrToolError(
        `No leave policy for country "${country}". Offices are in ${HOLIDAY_COUNTRIES.join(", ")}; omit country for the company-wide policy.`,
      );
    return leavePolicy(type, code);
  },
);

const APPLY_OUTPUT = {
  type: "object" as const,
  properties: {
    leave_request_id: { type: "string" },
    status: { type: "string", enum: ["pending", "approved"] },
    days: { type: "number" },
    remaining_days_after: { type: ["number", "null"] },
  },
  required: ["leave_request_id", "status", "days", "remaining_days_after"],
};

type ApplyArgs = {
  employee_id: string;
  leave_type: string;
  start_date: string;
  end_date: string;
  half_day?: boolean;
  reason?: string;
};

const applyLeave = writeTool<ApplyArgs>(
  "apply_leave",
  "Apply for leave",
  { destructive: false, idempotent: false },
  (args, store) => {
    const employee = store.employee(args.employee_id);
    if (employee.status === "terminated")
      throw new HrToolError(
        `${fullName(employee)} (${employee.id}) left on ${employee.terminationDate}; no leave can be filed.`,
      );
    const leaveType = oneOf(args.leave_type, "leave_type", LEAVE_TYPES);
    const start = parseIsoDate(args.start_date, "start_date");
    const end = parseIsoDate(args.end_date, "end_date");
    if (end < start) throw new HrToolError(`end_date ${end} is before start_date ${start}.`);
    if (start.slice(0, 4) !== end.slice(0, 4))
      throw new HrToolError("A request cannot span two calendar years; file one request per year.");
    if (args.half_day && start !== end)
      throw new HrToolError("half_day needs start_date and end_date to be the same day.");
    const backdating = daysBetween(start, REFERENCE_DATE);
    if (backdating > 0 && !(leaveType === "sick" && backdating <= 30)) {
      throw new HrToolError(
        `start_date ${start} is in the past (today is ${REFERENCE_DATE}); only sick leave can be filed up to 30 days back.`,
      );
    }
    const workingDays = workingDaysBetween(employee.location.country, start, end);
    if (workingDays.length === 0)
      throw new HrToolError(
        `${start} to ${end} has no working days in ${employee.location.country} (weekends and public holidays only).`,
      );
    const days = args.half_day ? 0.5 : workingDays.length;
    const overlap = [...store.leaveRequests.values()].find(
      (other) =>
        other.employeeId === employee.id &&
        (other.status === "pending" || other.status === "approved") &&
        other.startDate <= end &&
        start <= other.endDate,
    );
    if (overlap)
      throw new HrToolError(
        `Overlaps leave request ${overlap.id} (${overlap.leaveType}, ${overlap.startDate} to ${overlap.endDate}, ${overlap.status}); cancel it first or choose other dates.`,
      );
    const year = leaveYear(employee, Number(start.slice(0, 4)));
    const before = leaveBalance(employee, leaveType, year, store);
    if (before.remaining_days !== null && days > before.remaining_days) {
      throw new HrToolError(
        `Not enough ${leaveType} leave: the request needs ${days} working days, ${before.remaining_days} remain for ${year}.`,
      );
    }
    const policy = leavePolicy(leaveType, employee.location.country);
    const warnings =
      daysBetween(REFERENCE_DATE, start) < policy.notice_days
        ? [`Less than the ${policy.notice_days} days' notice the ${leaveType} leave policy asks for.`]
        : [];
    // The policy approves short sick leave automatically; everything else waits for the manager (HR for the CEO).
    const approver = employee.managerId
      ? store.employee(employee.managerId)
      : store.employee(store.department("D-HR").headId);
    const autoApproved = leaveType === "sick" && days <= 3;
    const request: LeaveRequest = {
      id: store.nextLeaveRequestId(year),
      employeeId: employee.id,
      leaveType,
      startDate: start,
      endDate: end,
      halfDay: !!args.half_day,
      days,
      reason: args.reason?.trim() || null,
      status: autoApproved ? "approved" : "pending",
      approverId: approver.id,
      decidedBy: autoApproved ? "policy" : null,
      comment: null,
      createdAt: REFERENCE_TIMESTAMP,
    };
    store.leaveRequests.set(request.id, request);
    return {
      leave_request_id: request.id,
      status: request.status,
      employee_id: employee.id,
      leave_type: leaveType,
      start_date: start,
      end_date: end,
      half_day: request.halfDay,
      days,
      approver: { employee_id: approver.id, name: fullName(approver) },
      remaining_days_after: leaveBalance(employee, leaveType, year, store).remaining_days,
      warnings,
    };
  },
  APPLY_OUTPUT,
);

const approveLeave = writeTool<{ leave_request_id: string; approver_id: string; comment?: string }>(
  "approve_leave",
  "Approve a leave request",
  { destructive: false, idempotent: false },
  ({ leave_request_id, approver_id, comment }, store) => {
    const request = store.leaveRequest(leave_request_id);
    const approver = store.employee(approver_id);
    const employee = store.employee(request.employeeId);
    if (request.status !== "pending")
      throw new HrToolError(
        `Leave request ${request.id} is ${request.status}, not pending; only pending requests can be approved.`,
      );
    if (approver.id === employee.id) throw new HrToolError("Nobody may approve their own leave.");
    if (!manages(approver, employee, store) && !rolesOf(approver, store).includes("hr")) {
      throw new HrToolError(
        `${fullName(approver)} (${approver.id}) is neither in ${employee.id}'s reporting line nor in HR, so may not approve this request.`,
      );
    }
    request.status = "approved";
    request.decidedBy = approver.id;
    request.comment = comment?.trim() || null;
    return {
      leave_request_id: request.id,
      status: request.status,
      employee_id: employee.id,
      approved_by: approver.id,
      days: request.days,
      comment: request.comment,
    };
  },
);

const cancelLeave = writeTool<{ leave_request_id: string; reason?: string }>(
  "cancel_leave",
  "Cancel a leave request",
  { destructive: true, idempotent: false },
  ({ leave_request_id, reason }, store) => {
    const request = store.leaveRequest(leave_request_id);
    if (request.status !== "pending" && request.status !== "approved")
      throw new HrToolError(`Leave request ${request.id} is already ${request.status}.`);
    if (request.status === "approved" && request.startDate <= REFERENCE_DATE) {
      throw new HrToolError(
        `Leave request ${request.id} started on ${request.startDate}; leave already taken cannot be cancelled here, ask HR to correct it.`,
      );
    }
    const previous = request.status;
    request.status = "cancelled";
    request.comment = reason?.trim() || request.comment;
    const employee = store.employee(request.employeeId);
    const balance = leaveBalance(employee, request.leaveType, Number(request.startDate.slice(0, 4)), store);
    return {
      leave_request_id: request.id,
      status: request.status,
      previous_status: previous,
      days_returned: request.days,
      remaining_days_after: balance.remaining_days,
    };
  },
);

/** Leave balances, policies and the leave request life cycle. */
export const LEAVE_HANDLERS = [getLeaveBalance, getLeavePolicy, applyLeave, approveLeave, cancelLeave];
