import {
  REFERENCE_DATE,
  daysBetween,
  eachDay,
  isWeekend,
  lastDayOfMonth,
  monthKey,
  parseIsoDate,
  parseMonth,
} from "../data/calendar";
import { HOLIDAY_COUNTRIES, holidaysOf } from "../data/holidays";
import { randomFor } from "../data/random";
import type { Employee } from "../data/types";
import { HrToolError } from "../errors";
import type { HrStore } from "../store";
import { readTool } from "./tool-kit";
import { employedOn, fullName } from "./views";

const MAX_ATTENDANCE_DAYS = 92;

type DayRecord =
  | { date: string; status: "present"; check_in: string; check_out: string; hours_worked: number }
  | { date: string; status: "holiday"; holiday: string }
  | { date: string; status: "leave"; leave_type: string; leave_request_id: string }
  | { date: string; status: "absent"; note: string };

/** One working day of an employee, derived from a per-person-per-day seed so any range gives the same days. */
function dayRecord(employee: Employee, date: string, store: HrStore, holidays: Map<string, string>): DayRecord {
  const holiday = holidays.get(date);
  if (holiday) return { date, status: "holiday", holiday };
  for (const request of store.leaveRequests.values()) {
    if (
      request.employeeId === employee.id &&
      request.status === "approved" &&
      request.startDate <= date &&
      date <= request.endDate
    ) {
      return { date, status: "leave", leave_type: request.leaveType, leave_request_id: request.id };
    }
  }
  const random = randomFor(`${employee.id}/${date}`);
  if (random.chance(0.02)) return { date, status: "absent", note: "Unplanned absence, no leave recorded" };
  const checkIn = 7 * 60 + 30 + random.int(0, 27) * 5;
  const minutes = Math.round((8 * employee.fte * 60 + random.int(-30, 120) * employee.fte + 30) / 5) * 5;
  const hoursWorked = Math.round(((minutes - 30) / 60) * 100) / 100;
  return {
    date,
    status: "present",
    check_in: clock(checkIn),
    check_out: clock(checkIn + minutes),
    hours_worked: hoursWorked,
  };
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function holidayNames(employee: Employee, from: string, to: string): Map<string, string> {
  const names = new Map<string, string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of holidaysOf(employee.location.country, year)) names.set(holiday.observed, holiday.name);
  }
  return names;
}

/** Weekdays in range on which the employee was employed, up to the reference date. */
function recordsBetween(employee: Employee, from: string, to: string, store: HrStore): DayRecord[] {
  const holidays = holidayNames(employee, from, to);
  return eachDay(from, to)
    .filter((day) => !isWeekend(day) && employedOn(employee, day) && day <= REFERENCE_DATE)
    .map((day) => dayRecord(employee, day, store, holidays));
}

const listHolidays = readTool<{ country: string; year: number }>(
  "list_holidays",
  "List public holidays",
  ({ country, year }) => {
    const code = HOLIDAY_COUNTRIES.find((each) => each === country.trim().toUpperCase());
    if (!code)
      throw new HrToolError(
        `No holiday calendar for "${country}". Supported countries (the office locations): ${HOLIDAY_COUNTRIES.join(", ")}.`,
      );
    if (year < 2000 || year > 2100) throw new HrToolError(`year must be between 2000 and 2100; got ${year}.`);
    const holidays = holidaysOf(code, year);
    return {
      country: code,
      year,
      count: holidays.length,
      holidays: holidays.map((holiday) => ({ ...holiday, weekday: weekdayName(holiday.date) })),
    };
  },
);

function weekdayName(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
}

const getAttendance = readTool<{ employee_id: string; start_date: string; end_date: string }>(
  "get_attendance",
  "Get attendance",
  ({ employee_id, start_date, end_date }, store) => {
    const employee = store.employee(employee_id);
    const start = parseIsoDate(start_date, "start_date");
    const end = parseIsoDate(end_date, "end_date");
    if (end < start) throw new HrToolError(`end_date ${end} is before start_date ${start}.`);
    if (daysBetween(start, end) >= MAX_ATTENDANCE_DAYS)
      throw new HrToolError(
        `The range covers ${daysBetween(start, end) + 1} days; ask for at most ${MAX_ATTENDANCE_DAYS} days at a time.`,
      );
    if (start > REFERENCE_DATE)
      throw new HrToolError(
        `start_date ${start} is in the future; attendance is recorded up to today, ${REFERENCE_DATE}.`,
      );
    const days = recordsBetween(employee, start, end, store);
    const present = days.filter((day) => day.status === "present");
    const hours = present.reduce((sum, day) => sum + day.hours_worked, 0);
    return {
      employee_id: employee.id,
      name: fullName(employee),
      start_date: start,
      end_date: end,
      recorded_until: end > REFERENCE_DATE ? REFERENCE_DATE : end,
      summary: {
        working_days: days.filter((day) => day.status !== "holiday").length,
        days_present: present.length,
        days_on_leave: days.filter((day) => day.status === "leave").length,
        public_holidays: days.filter((day) => day.status === "holiday").length,
        unplanned_absences: days.filter((day) => day.status === "absent").length,
        total_hours: Math.round(hours * 100) / 100,
        average_hours_per_day_present: present.length ? Math.round((hours / present.length) * 100) / 100 : 0,
      },
      days,
    };
  },
);

/** Overtime hours above the contractual day in a month, for payroll as well as get_overtime. */
export function overtimeEntries(
  employee: Employee,
  year: number,
  month: number,
  store: HrStore,
): Array<{ date: string; hours: number }> {
  const contractual = 8 * employee.fte;
  const key = monthKey(year, month);
  return recordsBetween(employee, `${key}-01`, lastDayOfMonth(year, month), store)
    .flatMap((day) =>
      day.status === "present" && day.hours_worked > contractual
        ? [{ date: day.date, hours: Math.round((day.hours_worked - contractual) * 4) / 4 }]
        : [],
    )
    .filter((entry) => entry.hours > 0);
}

const getOvertime = readTool<{ employee_id: string; month: string }>(
  "get_overtime",
  "Get overtime",
  ({ employee_id, month }, store) => {
    const employee = store.employee(employee_id);
    const { year, month: monthNumber } = parseMonth(month, "month");
    const key = monthKey(year, monthNumber);
    const first = `${key}-01`;
    if (first > REFERENCE_DATE)
      throw new HrToolError(`${key} has not started yet; overtime is recorded up to today, ${REFERENCE_DATE}.`);
    const last = lastDayOfMonth(year, monthNumber);
    if (last < employee.startDate)
      throw new HrToolError(`${employee.id} joined on ${employee.startDate}; there is no overtime for ${key}.`);
    if (employee.employmentType === "contractor" || employee.employmentType === "intern") {
      return {
        employee_id: employee.id,
        month: key,
        eligible: false,
        reason: `${employee.employmentType}s are not eligible for paid overtime.`,
        approved_hours: 0,
        pending_hours: 0,
        entries: [],
      };
    }
    const contractual = 8 * employee.fte;
    // Managers approve overtime at month end, so only the running month is still pending.
    const status = key === REFERENCE_DATE.slice(0, 7) ? "pending" : "approved";
    const entries = overtimeEntries(employee, year, monthNumber, store).map((entry) => ({ ...entry, status }));
    const total = entries.reduce((sum, entry) => sum + entry.hours, 0);
    return {
      employee_id: employee.id,
      month: key,
      eligible: true,
      contractual_hours_per_day: contractual,
      approved_hours: status === "approved" ? total : 0,
      pending_hours: status === "pending" ? total : 0,
      entries,
    };
  },
);

/** Holidays, attendance and overtime. */
export const ATTENDANCE_HANDLERS = [listHolidays, getAttendance, getOvertime];
