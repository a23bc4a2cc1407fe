import type { BenchRoutine } from "./library-types";

/** HR routines about leave, absence and working time, over the demo HR tools (lib/demo/hr-tools). */
export const HR_LEAVE_ROUTINES: BenchRoutine[] = [
  {
    id: "hr-time-off",
    name: "Request time off",
    description:
      "Book vacation, PTO or personal leave for an employee: check the remaining balance and the leave policy's notice period, then submit the absence for the manager's approval.",
    intents: [
      "I want to take vacation next week",
      "Book three days of annual leave",
      "Apply for leave in August",
      "Request days off for a family event",
    ],
    steps: [
      ["Check leave balance", "Look up how many days the employee has left for the leave type this year."],
      ["Read the leave policy", "Check the notice period and the documents the leave type requires."],
      ["Submit the leave request", "File the request for the dates with the employee's manager as approver."],
      ["Notify the employee", "Email the request number and its approval status."],
    ],
    tools: ["get_leave_balance", "get_leave_policy", "apply_leave", "send_email_notification"],
    requests: [
      "My sister is getting married in June so I'd like the 12th to the 16th off",
      "can I book some holiday days for the first week of September",
      "put in a request for annual leave from Monday to Wednesday",
      "I'm planning a trip and need to be away from work for two weeks in July",
      "how do I apply for a few days of personal leave",
    ],
  },
  {
    id: "hr-cancel-leave",
    name: "Cancel a leave request",
    description:
      "Withdraw or cancel a pending or approved leave request the employee no longer needs, and return the days to their balance.",
    intents: [
      "Cancel my vacation request",
      "I no longer need the days off I booked",
      "Take back a holiday request",
      "Remove an absence I booked",
    ],
    steps: [
      ["Find the leave request", "Identify the request by its number or its dates."],
      ["Cancel the request", "Cancel it and return its days to the balance."],
      ["Confirm the new balance", "Look up the balance after the cancellation."],
      ["Tell the manager", "Email the manager that the absence is withdrawn."],
    ],
    tools: ["cancel_leave", "get_leave_balance", "send_email_notification"],
    requests: [
      "my trip fell through, please withdraw the holiday I booked for next month",
      "undo the annual leave request I submitted yesterday",
      "I want my days back, the time off on the 3rd isn't happening anymore",
      "revoke my approved absence for Friday",
      "scrap the leave I put in for the week of the 20th",
    ],
  },
  {
    id: "hr-leave-balance",
    name: "Check leave balance",
    description:
      "Tell an employee how many vacation, PTO, sick and personal days they have left this year, and which unused days carry over or expire.",
    intents: ["How many vacation days do I have left", "What is my remaining leave", "Check my holiday allowance"],
    steps: [
      ["Look up the balance", "Get the remaining days per leave type for the current year."],
      ["Explain carry-over", "Read the policy's carry-over rules for days unused at year end."],
      ["Answer the employee", "Summarize the remaining days and any that expire."],
    ],
    tools: ["get_leave_balance", "get_leave_policy"],
    requests: [
      "how much holiday have I got remaining for 2026",
      "do I still have any PTO left",
      "what's left of my annual allowance and will unused days roll over",
      "tell me my remaining days off",
      "how many personal days can I still take this year",
    ],
  },
  {
    id: "hr-approve-leave",
    name: "Approve team leave requests",
    description:
      "A manager reviews the pending leave and time-off requests of their direct reports, checks the team's coverage and approves or declines them.",
    intents: [
      "Approve my team's pending leave",
      "Review vacation requests from my reports",
      "Accept an absence request from an employee",
    ],
    steps: [
      ["Check approval rights", "Confirm the manager may approve leave for the employee."],
      ["List the team", "Get the manager's direct reports from the org chart."],
      ["Check attendance coverage", "Look at who else is away on the requested dates."],
      ["Approve the request", "Approve each pending request that keeps the team covered."],
      ["Notify the employee", "Email each employee the decision."],
    ],
    tools: ["check_permission", "get_org_chart", "get_attendance", "approve_leave", "send_email_notification"],
    requests: [
      "sign off on the holiday requests waiting from people in my group",
      "one of my direct reports asked for next Friday off, accept it",
      "as a manager I have absence requests waiting for my approval",
      "greenlight the pending time-off submissions for my department",
      "OK the vacation that Maria asked for",
    ],
  },
  {
    id: "hr-public-holidays",
    name: "Look up public holidays",
    description:
      "List the public, bank and national holidays of a country in a year, when offices are closed, for planning schedules and deadlines.",
    intents: [
      "Which days are public holidays in Germany this year",
      "List bank holidays",
      "Is the office closed on a national holiday",
    ],
    steps: [
      ["Find the employee's country", "Read the work location from the employee profile."],
      ["List the holidays", "Get the public holidays of that country for the year."],
      ["Answer", "List the dates with the holiday names."],
    ],
    tools: ["get_employee", "list_holidays"],
    requests: [
      "is the office closed on national days off in France next year",
      "when are the statutory holidays in the UK for 2027",
      "what national holidays fall in December in the Netherlands",
      "give me the calendar of official days off for our Madrid team",
      "is Whit Monday a day off in Germany",
    ],
  },
  {
    id: "hr-parental-leave",
    name: "Plan parental leave",
    description:
      "Explain maternity, paternity and parental leave entitlements for a birth or adoption, and submit the leave with its documents.",
    intents: [
      "I'm expecting a baby, what leave do I get",
      "Apply for paternity leave",
      "Parental leave after an adoption",
    ],
    steps: [
      ["Read the policy", "Get the parental leave entitlement, notice and documents required."],
      ["Check the balance", "Get the parental leave days available."],
      ["Submit the leave", "Apply for the leave with the expected due date."],
      ["Notify HR", "Email HR the medical certificate reminder."],
    ],
    tools: ["get_leave_policy", "get_leave_balance", "apply_leave", "send_email_notification"],
    requests: [
      "my wife is pregnant, how much time off can I take when the baby comes",
      "what is the maternity entitlement here",
      "we are adopting a child, am I entitled to time off",
      "I'm due in March, how do I arrange my leave around the birth",
      "how many weeks of paid leave do new fathers get",
    ],
  },
  {
    id: "hr-sick-leave",
    name: "Report a sick day",
    description:
      "Record an employee's absence due to illness, inform the manager, and ask for a doctor's note when the policy requires one.",
    intents: ["I'm sick today", "Call in sick", "Report that I'm ill and can't work"],
    steps: [
      ["Read the sick leave policy", "Check when a doctor's note is required."],
      ["Record the absence", "Apply sick leave for the days off."],
      ["Inform the manager", "Email the manager that the employee is ill."],
    ],
    tools: ["get_leave_policy", "apply_leave", "send_email_notification"],
    requests: [
      "I have the flu and won't be able to come in tomorrow",
      "feeling unwell, I need to stay home today",
      "my doctor signed me off for the rest of the week",
      "log an illness absence for me for Monday and Tuesday",
      "I woke up with a fever, how do I let my manager know I'm out",
    ],
  },
  {
    id: "hr-overtime",
    name: "Review overtime hours",
    description:
      "Report an employee's overtime hours for a month, with approved and pending hours, and flag weeks over the limit.",
    intents: ["How much overtime did I work in May", "Check my extra hours", "Are my overtime hours approved"],
    steps: [
      ["Get overtime totals", "Get approved and pending overtime hours for the month."],
      ["Compare with attendance", "Check the hours against the attendance record."],
      ["Flag excess", "Point out weeks over the allowed limit."],
    ],
    tools: ["get_overtime", "get_attendance"],
    requests: [
      "how many extra hours have I clocked this month",
      "were my additional hours in March approved yet",
      "show the overtime my team logged in June",
      "I stayed late a lot last month, is that recorded anywhere",
      "total of pending overtime for Jonas in April",
    ],
  },
  {
    id: "hr-attendance",
    name: "Investigate attendance",
    description:
      "Review an employee's or team's attendance between two dates: check-in and check-out times, hours worked, lateness and unexplained absences.",
    intents: ["Check Paul's attendance last month", "Who missed work this week", "Is someone arriving late"],
    steps: [
      ["Check access", "Confirm the requester may view attendance."],
      ["Get attendance", "Get daily check-in and check-out times between the dates."],
      ["Find gaps", "List days with no check-in and no approved leave."],
      ["Report", "Summarize hours worked and unexplained absences."],
    ],
    tools: ["check_permission", "get_attendance", "get_leave_balance"],
    requests: [
      "has Kevin been clocking in on time in the last few weeks",
      "show me check-in and check-out records for my team since the 1st",
      "one of my reports keeps coming in late, can I see his timesheet history",
      "find any unexplained absences in the warehouse crew this month",
      "how many hours did Lisa actually work last week",
    ],
  },
];
