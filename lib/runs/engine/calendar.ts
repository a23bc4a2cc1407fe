/**
 * What "today" is for a run's prompts, so the model resolves "next Monday" or "this year" (#18): the date in the
 * run's time zone, or a fixed date (the demo HR server's data are all relative to one fixed day).
 */
export type RunCalendar = {
  /** An IANA time zone, e.g. "Europe/Berlin". */
  timeZone: string;
  /** A fixed YYYY-MM-DD date to use instead of the clock's. */
  today?: string;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Making an Intl.DateTimeFormat costs far more than formatting with one (~0.5 ms: every model turn's prompt has a
// "today" line), so each locale, zone and set of fields is made once.
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** Whether `timeZone` is one the runtime knows (Intl throws a RangeError for an unknown one). */
export function isTimeZone(timeZone: string): boolean {
  try {
    dateFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `date` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(date: string): boolean {
  if (!ISO_DATE.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** The server's own time zone: the default of a run's calendar. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The prompt's line about today: "Today is Monday, 16 June 2025 (2025-06-16), time zone Europe/Berlin." A fixed
 * date reads as that day; otherwise `now` is read in the calendar's time zone (near midnight the date is the zone's,
 * not the server's).
 */
export function todayLine(now: number, calendar: RunCalendar): string {
  const fixed = calendar.today && isIsoDate(calendar.today) ? calendar.today : undefined;
  const instant = fixed ? new Date(`${fixed}T12:00:00Z`) : new Date(now);
  const zone = fixed ? "UTC" : calendar.timeZone;
  const parts = dateFormat("en-GB", {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "";
  const iso = fixed ?? isoDateIn(instant, zone);
  return `Today is ${part("weekday")}, ${part("day")} ${part("month")} ${part("year")} (${iso}), time zone ${calendar.timeZone}.`;
}

function isoDateIn(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return dateFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}
