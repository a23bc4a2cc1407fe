import {
  REFERENCE_DATE,
  addDays,
  isWeekend,
  lastDayOfMonth,
  monthKey,
  parseMonth,
  daysBetween,
} from "../data/calendar";
import { isWorkingDay, type CountryCode } from "../data/holidays";
import { randomFor } from "../data/random";
import type { Employee } from "../data/types";
import { HrToolError } from "../errors";
import type { HrStore } from "../store";
import { overtimeEntries } from "./attendance";
import { money } from "./views";

/** Pay data is kept from this month on; older periods are archived outside the demo. */
export const FIRST_PAY_PERIOD = "2023-01";
const TAX_RATE = { DE: 0.22, GB: 0.2, IE: 0.24, US: 0.18 };
const SOCIAL_RATE = { DE: 0.2, GB: 0.08, IE: 0.04, US: 0.0765 };
const SOCIAL_LABEL = {
  DE: "Social insurance (pension, health, unemployment, care)",
  GB: "National Insurance",
  IE: "PRSI",
  US: "FICA (Social Security and Medicare)",
};
const PENSION_RATE = 0.04;

export type Period = { year: number; month: number; key: string };

/** Checks a pay period: YYYY-MM, kept in the archive, and already paid out (payday is the 25th). */
export function payPeriod(value: string, name = "period"): Period {
  const { year, month } = parseMonth(value, name);
  const key = monthKey(year, month);
  if (key < FIRST_PAY_PERIOD) throw new HrToolError(`Pay data starts at ${FIRST_PAY_PERIOD}; ${key} is archived.`);
  if (payDate(year, month) > REFERENCE_DATE)
    throw new HrToolError(
      `The ${key} payroll runs on ${payDate(year, month)}; the latest paid period is ${latestPaidPeriod()}.`,
    );
  return { year, month, key };
}

function latestPaidPeriod(): string {
  const year = Number(REFERENCE_DATE.slice(0, 4));
  const month = Number(REFERENCE_DATE.slice(5, 7));
  return payDate(year, month) <= REFERENCE_DATE
    ? monthKey(year, month)
    : month === 1
      ? monthKey(year - 1, 12)
      : monthKey(year, month - 1);
}

/** Payday: the 25th, or the working day before when it falls on a weekend (or, given a country, a holiday there). */
function payDate(year: number, month: number, country?: CountryCode): string {
  let day = `${monthKey(year, month)}-25`;
  while (country ? !isWorkingDay(country, day) : isWeekend(day)) day = addDays(day, -1);
  return day;
}

export type Payslip = ReturnType<typeof computePayslip>;

/** Whether the employee was paid in the period (employed on at least one of its days). */
export function paidIn(employee: Employee, period: Period): boolean {
  const first = `${period.key}-01`;
  return (
    employee.startDate <= lastDayOfMonth(period.year, period.month) &&
    (!employee.terminationDate || employee.terminationDate > first)
  );
}

/** One month's payslip: base pay (prorated in joining and leaving months), overtime, a March bonus, deductions. */
export function computePayslip(employee: Employee, period: Period, store: HrStore, withOvertime = true) {
  const first = `${period.key}-01`;
  const last = lastDayOfMonth(period.year, period.month);
  const from = employee.startDate > first ? employee.startDate : first;
  const to =
    employee.terminationDate && employee.terminationDate <= last ? addDays(employee.terminationDate, -1) : last;
  const share = (daysBetween(from, to) + 1) / (daysBetween(first, last) + 1);
  const base = (employee.annualSalary / 12) * employee.fte * share;
  const hourly = employee.annualSalary / 12 / (21.67 * 8);
  const eligible = employee.employmentType === "full_time" || employee.employmentType === "part_time";
  const overtimeHours =
    withOvertime && eligible
      ? overtimeEntries(employee, period.year, period.month, store).reduce((sum, entry) => sum + entry.hours, 0)
      : 0;
  const bonus =
    period.month === 3 && employee.startDate < `${period.year - 1}-10-01`
      ? employee.annualSalary * (0.04 + randomFor(`${employee.id}/bonus/${period.year}`).next() * 0.06)
      : 0;
  const earnings = [
    {
      label: share < 1 ? `Base salary (prorated, ${Math.round(share * 100)}% of the month)` : "Base salary",
      amount: money(base),
    },
    ...(overtimeHours > 0
      ? [{ label: `Overtime, ${overtimeHours} h at 125%`, amount: money(overtimeHours * hourly * 1.25) }]
      : []),
    ...(bonus > 0 ? [{ label: "Annual performance bonus", amount: money(bonus) }] : []),
  ];
  const gross = money(earnings.reduce((sum, line) => sum + line.amount, 0));
  const country = employee.location.country;
  const deductions = [
    { label: "Income tax", amount: money(gross * (TAX_RATE[country] + (employee.level - 1) * 0.012)) },
    { label: SOCIAL_LABEL[country], amount: money(gross * SOCIAL_RATE[country]) },
    { label: "Pension contribution", amount: money(gross * PENSION_RATE) },
  ];
  const totalDeductions = money(deductions.reduce((sum, line) => sum + line.amount, 0));
  return {
    employee_id: employee.id,
    period: period.key,
    pay_date: payDate(period.year, period.month, employee.location.country),
    currency: employee.location.currency,
    earnings,
    gross_pay: gross,
    deductions,
    taxes: deductions[0].amount,
    total_deductions: totalDeductions,
    net_pay: money(gross - totalDeductions),
  };
}
