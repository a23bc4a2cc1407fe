import type { BenchRoutine } from "./library-types";

/** HR routines about people, pay documents and the organization, over the demo HR tools (lib/demo/hr-tools). */
export const HR_PEOPLE_ROUTINES: BenchRoutine[] = [
  {
    id: "hr-update-contact",
    name: "Update personal contact details",
    description:
      "Change an employee's personal contact details in the HR record: phone or mobile number, personal email, or home address after a move.",
    intents: [
      "I moved and need to change my address",
      "Update my phone number",
      "Correct my personal email in my profile",
    ],
    steps: [
      ["Find the employee", "Look up the employee's profile."],
      ["Update contact details", "Change only the fields given: phone, personal email or home address."],
      ["Confirm by email", "Send a confirmation to the employee's personal email."],
    ],
    tools: ["get_employee", "update_employee_contact", "send_email_notification"],
    requests: [
      "I relocated to a new flat, here is my new street and postcode",
      "please change the mobile number on my HR profile",
      "my private email changed, can you fix it in the system",
      "new home address for my employee record: 12 Elm Road, Leeds",
      "correct the telephone number HR has for me",
    ],
  },
  {
    id: "hr-employment-certificate",
    name: "Issue an employment certificate",
    description:
      "Generate an official letter confirming employment, job title, start date and salary or income, for a bank, landlord, mortgage or visa office.",
    intents: [
      "I need a proof of employment letter",
      "Generate a salary certificate for my mortgage",
      "Employment verification letter for a rental",
    ],
    steps: [
      ["Look up the employee", "Read job title, start date and employment type."],
      ["Generate the certificate", "Create the document from the employment or salary certificate template."],
      ["Send it", "Email the document link to the employee."],
    ],
    tools: ["get_employee", "generate_document", "send_email_notification"],
    requests: [
      "my landlord wants a letter from work confirming I'm employed here",
      "the bank asks for a document stating my income and position",
      "can HR write me a statement that I work at the company, for my visa application",
      "I need written confirmation of my job and start date",
      "produce an official letter verifying my employment",
    ],
  },
  {
    id: "hr-payslip",
    name: "Send a payslip copy",
    description:
      "Find an employee's payslip for a pay period and send a copy, explaining gross pay, deductions, taxes withheld and net pay.",
    intents: ["Send me my payslip for March", "I can't find last month's pay slip", "Explain the deductions on my pay"],
    steps: [
      ["Identify the pay period", "Work out which month the employee means."],
      ["Get the payslip", "Fetch the payslip for that period."],
      ["Explain deductions", "Summarize gross pay, deductions, taxes and net pay."],
      ["Email the payslip", "Send it to the employee's work email."],
    ],
    tools: ["get_payslip", "send_email_notification"],
    requests: [
      "where can I download my salary statement from October",
      "I need a copy of my pay stub from two months ago",
      "why was my net pay lower in May, show me the breakdown of deductions",
      "email me my wage slip for last month",
      "can I see the tax withheld on my last paycheck",
    ],
  },
  {
    id: "hr-onboarding",
    name: "Onboard a new hire",
    description:
      "Prepare a new employee's first days: profile, manager introduction, mandatory trainings, contract and a welcome email with the first-day schedule.",
    intents: [
      "Onboard our new developer starting Monday",
      "Set up a new starter",
      "Prepare the first day of a new hire",
      "Start onboarding for someone joining",
    ],
    steps: [
      ["Look up the new hire", "Read the profile, start date and manager."],
      ["Introduce the manager chain", "Get the manager chain to introduce the new hire to."],
      ["Enroll mandatory trainings", "Enroll the new hire in the compliance and security courses."],
      ["Generate the contract", "Create the employment contract from the template."],
      ["Send the welcome email", "Email the first-day schedule, building access and contacts."],
    ],
    tools: [
      "get_employee",
      "get_manager_chain",
      "list_trainings",
      "enroll_training",
      "generate_document",
      "send_email_notification",
    ],
    requests: [
      "we have someone joining the sales team on the 1st, get everything ready for their first day",
      "prepare the welcome pack and trainings for a new employee",
      "a fresh hire starts next week in accounting, kick off their induction",
      "what do I do to get a newcomer set up before they arrive",
      "start the joiner process for Priya, she begins on Tuesday",
    ],
  },
  {
    id: "hr-offboarding",
    name: "Offboard a leaving employee",
    description:
      "Handle an employee who resigns or leaves the company: final leave payout, exit interview, reference letter and notifications before the last day.",
    intents: [
      "An employee is leaving the company",
      "Process a resignation",
      "Offboard someone whose last day is Friday",
    ],
    steps: [
      ["Look up the employee", "Read the profile, manager and last working day."],
      ["Settle remaining leave", "Get the unused leave days to pay out with the final salary."],
      ["Generate the reference letter", "Create the work reference from the template."],
      ["Schedule the exit interview", "Email the employee a time for the exit interview."],
      ["Notify IT and payroll", "Email IT to revoke access and payroll to close the record."],
    ],
    tools: ["get_employee", "get_leave_balance", "generate_document", "send_email_notification"],
    requests: [
      "Tom handed in his notice, his last day is the 30th",
      "handle the departure of a team member who quit",
      "someone on my team resigned, what needs to happen before they go",
      "run the exit process for a person leaving us at month end",
      "a colleague is quitting, arrange the final paperwork and exit interview",
    ],
  },
  {
    id: "hr-training",
    name: "Enroll in a training course",
    description:
      "Find an open training course, class or workshop on a topic and enroll the employee, confirming the seat or the waitlist.",
    intents: ["Sign me up for the Excel course", "Register for leadership training", "Which learning courses are open"],
    steps: [
      ["List open courses", "List trainings open for enrollment on the topic."],
      ["Check the manager's approval", "Confirm the manager may approve the training."],
      ["Enroll the employee", "Enroll in the chosen course."],
      ["Confirm", "Email the enrollment status: confirmed or waitlisted."],
    ],
    tools: ["list_trainings", "check_permission", "enroll_training", "send_email_notification"],
    requests: [
      "I'd love to take a workshop on public speaking, can you book me a place",
      "which learning classes about data analysis are available next month",
      "put me on the project management course",
      "register Anna for the first aid class",
      "is there still a seat in the negotiation skills seminar",
    ],
  },
  {
    id: "hr-performance-review",
    name: "Prepare a performance review",
    description:
      "Gather an employee's past performance review ratings, feedback and current goals so a manager can prepare the appraisal.",
    intents: [
      "Prepare Lena's annual review",
      "Get ready for performance review meetings",
      "Collect ratings and goals before an appraisal",
    ],
    steps: [
      ["Check access", "Confirm the manager may view the employee's reviews."],
      ["Get past reviews", "Read previous ratings, reviewers and summaries."],
      ["Get goals", "Read the goals of the current cycle with progress."],
      ["Summarize", "Write a one-page brief for the appraisal conversation."],
    ],
    tools: ["check_permission", "get_performance_reviews", "get_goals"],
    requests: [
      "I have appraisal talks with my reports next week, pull together their ratings and objectives",
      "what were Marco's evaluations in previous years and how is he doing on his targets",
      "help me get ready for the year-end evaluation of my team member",
      "summarize feedback history and objectives progress for Sara before our review",
      "gather material for a staff appraisal",
    ],
  },
  {
    id: "hr-org-chart",
    name: "Find reporting lines",
    description:
      "Show who reports to whom: an employee's manager chain up to the top, or a department's reporting tree and structure.",
    intents: ["Who is my manager's manager", "Show the org chart of finance", "Who does this person report to"],
    steps: [
      ["Find the employee or department", "Search employees by name or read the department."],
      ["Get the reporting tree", "Get the org chart or the manager chain."],
      ["Answer", "Show the hierarchy as an indented list."],
    ],
    tools: ["search_employees", "get_department", "get_org_chart", "get_manager_chain"],
    requests: [
      "who does the head of marketing report to",
      "show me the hierarchy of the engineering department",
      "who is my boss's boss",
      "I need the structure of the logistics team, who sits under whom",
      "list everyone in Karen's reporting line up to the CEO",
    ],
  },
  {
    id: "hr-headcount",
    name: "Produce a headcount report",
    description:
      "Report the number of employees on a date, broken down by department, location or employment type (full-time, part-time).",
    intents: [
      "Headcount by department for the board",
      "How many people work in Lisbon",
      "Count employees per location",
    ],
    steps: [
      ["Choose the breakdown", "Department, location or employment type."],
      ["Get the headcount", "Get the headcount report for the date."],
      ["Format the report", "Turn the figures into a table with totals."],
      ["Send the report", "Email it to the requester."],
    ],
    tools: ["get_headcount_report", "send_email_notification"],
    requests: [
      "how many staff do we have per office as of today",
      "give me the number of employees in each department at the end of Q3",
      "count full-time versus part-time workers",
      "what's our total workforce size right now",
      "I need a staffing numbers table by location for the board pack",
    ],
  },
];
