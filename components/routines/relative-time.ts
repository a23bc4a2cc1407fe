const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

// Made on first use, not when the module loads: creating it loads the locale's data, which costs tens of ms on a
// slow machine, and pages import this (the designer's comments tab) long before they show a relative time.
let formatter: Intl.RelativeTimeFormat | undefined;
const format = () => (formatter ??= new Intl.RelativeTimeFormat("en", { numeric: "auto" }));

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long before `now` the moment `iso` was. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format().format(Math.round(seconds / size), unit);
  }
  return format().format(Math.round(seconds / 60), "minute");
}
