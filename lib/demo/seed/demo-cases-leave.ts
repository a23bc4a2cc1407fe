import type { ExpectedCall } from "../../evaluations/scoring";
import { applyLeave, type DemoCase, emailTo, exactly, lookUp, optional, person, type Person } from "./demo-case-calls";

// "Apply for annual leave": requests from employees of the demo HR data whose remaining annual leave (reference
// date 2025-06-16) covers the working days asked for, and from employees whose balance is too low, so the routine
// declines. Each balance differs from the request by a clear margin (counted in working or in calendar days alike).

const COVERED = "Balance covers the request";
const TOO_LOW = "Balance too low";

const balance = (who: Person): ExpectedCall => ({
  tool: "get_leave_balance",
  arguments: { employee_id: exactly(who.id), leave_type: exactly("annual"), year: optional(2025) },
});

const inputs = (who: Person, start: string, end: string) => ({ employee_id: who.id, start_date: start, end_date: end });

/** The balance covers it: look up, check, book, confirm. */
function covered(name: string, request: string, who: Person, start: string, end: string): DemoCase {
  return {
    name,
    request,
    inputs: inputs(who, start, end),
    expectedCalls: [lookUp(who), balance(who), applyLeave(who, "annual", start, end), emailTo(who)],
    expectedPath: [COVERED],
  };
}

/** The balance is too low: look up, check, explain; nothing is booked. */
function tooLow(name: string, request: string, who: Person, start: string, end: string): DemoCase {
  return {
    name,
    request,
    inputs: inputs(who, start, end),
    expectedCalls: [lookUp(who), balance(who), emailTo(who)],
    expectedPath: [TOO_LOW],
  };
}

const julia = person("E1024", "julia.nguyen"); // London, 26 days left
const emma = person("E1003", "emma.rossi"); // New York, 20 days left
const anna = person("E1011", "anna.fischer"); // Munich, 30 days left
const hannah = person("E1029", "hannah.schmidt"); // New York, 14 days left
const maya = person("E1031", "maya.weber"); // Munich, part-time, 13 days left
const yusuf = person("E1059", "yusuf.haddad"); // Berlin, 26 days left
const tom = person("E1060", "tom.jones"); // London, 29 days left
const grace = person("E1267", "grace.jones"); // Austin, part-time, 7 days left
const juliaO = person("E1183", "julia.okafor"); // London, part-time, 10 days left
const kai = person("E1145", "kai.garcia"); // Dublin, 11 days left
const david = person("E1286", "david.wagner"); // New York, 11 days left

export const LEAVE_CASES: DemoCase[] = [
  covered(
    "A week in August, balance covers it",
    "Hi, this is Julia Nguyen (E1024). I'd like to take annual leave from 4 to 8 August 2025.",
    julia,
    "2025-08-04",
    "2025-08-08",
  ),
  covered(
    "Vacation week in July, balance covers it",
    "E1003 here: please book my vacation for the week of 7 July 2025, Monday 7 to Friday 11 July.",
    emma,
    "2025-07-07",
    "2025-07-11",
  ),
  covered(
    "Two weeks in September, balance covers it",
    "Two weeks off in September, please: 1 to 12 September 2025. Employee E1011.",
    anna,
    "2025-09-01",
    "2025-09-12",
  ),
  covered(
    "A single Friday off",
    "Can E1029 take Friday 18 July 2025 off as annual leave?",
    hannah,
    "2025-07-18",
    "2025-07-18",
  ),
  covered(
    "Part-time employee, a week in October",
    "I work part-time (E1031) and would like annual leave from 6 to 10 October 2025.",
    maya,
    "2025-10-06",
    "2025-10-10",
  ),
  covered(
    "Over Christmas, with public holidays",
    "Book annual leave for E1059 over Christmas: 22 to 31 December 2025.",
    yusuf,
    "2025-12-22",
    "2025-12-31",
  ),
  covered(
    "Late August with a bank holiday",
    "E1060: I'd like the last two weeks of August off, 18 to 29 August 2025.",
    tom,
    "2025-08-18",
    "2025-08-29",
  ),
  tooLow(
    "Two weeks asked, 7 days left",
    "This is E1267. I want two weeks of annual leave, 4 to 15 August 2025.",
    grace,
    "2025-08-04",
    "2025-08-15",
  ),
  tooLow(
    "Three weeks asked, 10 days left",
    "E1183 would like three weeks off, from 1 to 19 September 2025.",
    juliaO,
    "2025-09-01",
    "2025-09-19",
  ),
  tooLow(
    "Summer break longer than the balance",
    "Please book annual leave for me, E1145, from 14 July to 1 August 2025.",
    kai,
    "2025-07-14",
    "2025-08-01",
  ),
  tooLow(
    "Three weeks in October, 11 days left",
    "E1286: three weeks of vacation in October, 6 to 24 October 2025.",
    david,
    "2025-10-06",
    "2025-10-24",
  ),
  tooLow(
    "All of November, 14 days left",
    "Could I (E1029) take all of November off? From 3 to 28 November 2025.",
    hannah,
    "2025-11-03",
    "2025-11-28",
  ),
];
