import "server-only";
import { isIsoDate, isTimeZone, systemTimeZone, type RunCalendar } from "../engine";

/**
 * What "today" is in every run's prompts (and in reading a run's inputs from its request): RUN_TIME_ZONE (default:
 * the server's time zone) and RUN_TODAY, a fixed YYYY-MM-DD date (`npm start` sets it to the demo data's day when it
 * runs the demo HR server). A value that is not a time zone or a date is ignored with a warning rather than stopping
 * the worker.
 */
export function runCalendar(env: Record<string, string | undefined> = process.env, warn = console.warn): RunCalendar {
  const zone = env.RUN_TIME_ZONE?.trim();
  const timeZone = zone && isTimeZone(zone) ? zone : systemTimeZone();
  if (zone && timeZone !== zone) warn(`[runs] RUN_TIME_ZONE "${zone}" is not a time zone; using ${timeZone}.`);
  const fixed = env.RUN_TODAY?.trim();
  if (fixed && !isIsoDate(fixed)) warn(`[runs] RUN_TODAY "${fixed}" is not a YYYY-MM-DD date; using the clock.`);
  return fixed && isIsoDate(fixed) ? { timeZone, today: fixed } : { timeZone };
}
