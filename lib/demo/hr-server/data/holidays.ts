import { addDays, isWeekend, lastDayOfMonth, toIsoDate, weekday } from "./calendar";

/** A public holiday; `observed` is the day off when the holiday falls on a weekend and the country moves it. */
export type Holiday = { date: string; observed: string; name: string };

/** Countries with offices in the demo company, and so with holiday calendars. */
export const HOLIDAY_COUNTRIES = ["DE", "GB", "IE", "US"] as const;
export type CountryCode = (typeof HOLIDAY_COUNTRIES)[number];

type Rule = { name: string; date: (year: number) => string };

const fixed = (name: string, month: number, day: number): Rule => ({ name, date: (year) => iso(year, month, day) });
const easter = (name: string, offset: number): Rule => ({ name, date: (year) => addDays(easterSunday(year), offset) });
const nthWeekday = (name: string, month: number, day: number, nth: number): Rule => ({
  name,
  date: (year) => {
    const first = iso(year, month, 1);
    return addDays(first, ((day - weekday(first) + 7) % 7) + (nth - 1) * 7);
  },
});
const lastWeekday = (name: string, month: number, day: number): Rule => ({
  name,
  date: (year) => {
    const last = lastDayOfMonth(year, month);
    return addDays(last, -((weekday(last) - day + 7) % 7));
  },
});

const MONDAY = 1;
const THURSDAY = 4;

const RULES: Record<CountryCode, { rules: Rule[]; observance: "none" | "next-weekday" | "nearest-weekday" }> = {
  DE: {
    observance: "none",
    rules: [
      fixed("New Year's Day", 1, 1), easter("Good Friday", -2), easter("Easter Monday", 1), fixed("Labour Day", 5, 1),
      easter("Ascension Day", 39), easter("Whit Monday", 50), fixed("German Unity Day", 10, 3),
      fixed("Christmas Day", 12, 25), fixed("Second Day of Christmas", 12, 26),
    ],
  },
  GB: {
    observance: "next-weekday",
    rules: [
      fixed("New Year's Day", 1, 1), easter("Good Friday", -2), easter("Easter Monday", 1),
      nthWeekday("Early May bank holiday", 5, MONDAY, 1), lastWeekday("Spring bank holiday", 5, MONDAY),
      lastWeekday("Summer bank holiday", 8, MONDAY), fixed("Christmas Day", 12, 25), fixed("Boxing Day", 12, 26),
    ],
  },
  IE: {
    observance: "next-weekday",
    rules: [
      fixed("New Year's Day", 1, 1), nthWeekday("Saint Brigid's Day", 2, MONDAY, 1), fixed("Saint Patrick's Day", 3, 17),
      easter("Easter Monday", 1), nthWeekday("May Day", 5, MONDAY, 1), nthWeekday("June Bank Holiday", 6, MONDAY, 1),
      nthWeekday("August Bank Holiday", 8, MONDAY, 1), lastWeekday("October Bank Holiday", 10, MONDAY),
      fixed("Christmas Day", 12, 25), fixed("Saint Stephen's Day", 12, 26),
    ],
  },
  US: {
    observance: "nearest-weekday",
    rules: [
      fixed("New Year's Day", 1, 1), nthWeekday("Martin Luther King Jr. Day", 1, MONDAY, 3),
      nthWeekday("Washington's Birthday", 2, MONDAY, 3), lastWeekday("Memorial Day", 5, MONDAY),
      fixed("Juneteenth", 6, 19), fixed("Independence Day", 7, 4), nthWeekday("Labor Day", 9, MONDAY, 1),
      nthWeekday("Columbus Day", 10, MONDAY, 2), fixed("Veterans Day", 11, 11),
      nthWeekday("Thanksgiving Day", 11, THURSDAY, 4), fixed("Christmas Day", 12, 25),
    ],
  },
};

/** The public holidays of a country in a year, in date order. */
export function holidaysOf(country: CountryCode, year: number): Holiday[] {
  const { rules, observance } = RULES[country];
  const holidays = rules.map((rule) => ({ name: rule.name, date: rule.date(year) })).sort((a, b) => a.date.localeCompare(b.date));
  const taken = new Set(holidays.map((holiday) => holiday.date));
  return holidays.map(({ name, date }) => {
    let observed = date;
    if (isWeekend(date) && observance === "nearest-weekday") observed = addDays(date, weekday(date) === 6 ? -1 : 1);
    if (isWeekend(date) && observance === "next-weekday") {
      // Consecutive weekend holidays (Christmas and Boxing Day) each take the next free weekday.
      while (isWeekend(observed) || (observed !== date && taken.has(observed))) observed = addDays(observed, 1);
      taken.add(observed);
    }
    return { date, observed, name };
  });
}

/** The days off (observed dates) of a country in a year, for counting working days. */
export function daysOffOf(country: CountryCode, year: number): Set<string> {
  return new Set(holidaysOf(country, year).map((holiday) => holiday.observed));
}

/** Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

function iso(year: number, month: number, day: number): string {
  return toIsoDate(new Date(Date.UTC(year, month - 1, day)));
}

/** Is `day` a working day (not a weekend, not an observed public holiday) in `country`? */
export function isWorkingDay(country: CountryCode, day: string): boolean {
  return !isWeekend(day) && !daysOffOf(country, Number(day.slice(0, 4))).has(day);
}

/** Working days from `start` to `end`, both included. */
export function workingDaysBetween(country: CountryCode, start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) if (isWorkingDay(country, day)) days.push(day);
  return days;
}
