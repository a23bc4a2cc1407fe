import { HrToolError } from "../errors";

/**
 * "Today" for the demo data set. Every relative date (current year, open trainings, recent attendance) is computed
 * from this fixed day, never from the clock, so tool outputs are the same on every run.
 */
export const REFERENCE_DATE = "2025-06-16";
export const CURRENT_YEAR = 2025;
/** A timestamp for recorded side effects; fixed for the same reason as REFERENCE_DATE. */
export const REFERENCE_TIMESTAMP = `${REFERENCE_DATE}T09:00:00Z`;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Parses a YYYY-MM-DD date for argument `name`; throws a tool error saying what is wrong otherwise. */
export function parseIsoDate(value: string, name: string): string {
  const match = ISO_DATE.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!date || toIsoDate(date) !== value) {
    throw new HrToolError(`${name} must be a real calendar date as YYYY-MM-DD, e.g. "${REFERENCE_DATE}"; got "${value}".`);
  }
  return value;
}

/** Parses a YYYY-MM month for argument `name`. */
export function parseMonth(value: string, name: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw new HrToolError(`${name} must be a month as YYYY-MM, e.g. "2025-05"; got "${value}".`);
  return { year: Number(match[1]), month };
}

export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function addDays(iso: string, days: number): string {
  return toIsoDate(new Date(utcDate(iso).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  return utcDate(iso).getUTCDay();
}

export function isWeekend(iso: string): boolean {
  const day = weekday(iso);
  return day === 0 || day === 6;
}

/** Every date from `start` to `end`, both included. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The last day of a month, e.g. 2024-02 → "2024-02-29". */
export function lastDayOfMonth(year: number, month: number): string {
  return toIsoDate(new Date(Date.UTC(year, month, 0)));
}

export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}
