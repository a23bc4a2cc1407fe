import { CURRENT_YEAR, REFERENCE_DATE, monthKey } from "../data/calendar";
import { RATING_LABELS } from "../data/growth";
import { randomFor } from "../data/random";
import { LEAVE_TYPES, type Employee } from "../data/types";
import { HrToolError } from "../errors";
import type { HrStore } from "../store";
import {
  ABOUT_COMPANY,
  BENEFITS,
  COMPANY,
  LEGAL_NOTES,
  POLICIES,
  PRIVACY_NOTICE,
  RESPONSIBILITIES,
  WORKING_TIME,
  table,
  wrap,
} from "./document-text";
import { holidaysOf } from "../data/holidays";
import { leavePolicy } from "../data/leave-policies";
import { leaveBalance } from "./leave-balance";
import { computePayslip, paidIn, type Period } from "./payroll";
import { oneOf, readTool } from "./tool-kit";
import { fullName } from "./views";

const TEMPLATES = ["employment_certificate", "salary_certificate", "leave_confirmation", "experience_letter"] as const;
type Template = (typeof TEMPLATES)[number];
const TITLES: Record<Template, string> = {
  employment_certificate: "Certificate of Employment",
  salary_certificate: "Salary Certificate",
  leave_confirmation: "Leave Confirmation",
  experience_letter: "Experience Letter",
};
/** The templates exist in English only; other languages are refused rather than silently answered in English. */
const LANGUAGES = ["en"] as const;

/** The twelve pay periods before the reference month, oldest first. */
function lastTwelvePeriods(): Period[] {
  const periods: Period[] = [];
  for (let offset = 12; offset >= 1; offset--) {
    const index = CURRENT_YEAR * 12 + Number(REFERENCE_DATE.slice(5, 7)) - 1 - offset;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    periods.push({ year, month, key: monthKey(year, month) });
  }
  return periods;
}

function employmentFacts(employee: Employee, store: HrStore): string {
  const department = store.department(employee.departmentId);
  const manager = employee.managerId ? store.employee(employee.managerId) : undefined;
  return table(
    ["Item", "Value"],
    [
      ["Employee ID", employee.id],
      ["Name", fullName(employee)],
      ["Position", employee.jobTitle],
      ["Department", `${department.name} (${department.id})`],
      ["Cost center", department.costCenter],
      ["Work location", `${employee.location.name}, ${employee.location.country}`],
      ["Start date", employee.startDate],
      ["Employment type", employee.employmentType.replace("_", " ")],
      ["Working time", `${Math.round(employee.fte * 40)} hours per week (${employee.fte * 100}%)`],
      ["Reports to", manager ? `${fullName(manager)}, ${manager.jobTitle}` : "Board of Directors"],
      ["Status", employee.terminationDate ? `left on ${employee.terminationDate}` : employee.status.replace("_", " ")],
    ],
  ).replace(/^Item.*\n.*\n/, "");
}

function templateBody(template: Template, employee: Employee, store: HrStore): string[] {
  const name = fullName(employee);
  const duties = RESPONSIBILITIES[employee.departmentId] ?? [];
  switch (template) {
    case "employment_certificate":
      return [
        wrap(
          `This is to certify that ${name}, employee ID ${employee.id}, has been employed by ${COMPANY.name} since ${employee.startDate}${employee.terminationDate ? ` until ${employee.terminationDate}` : ""}, currently as ${employee.jobTitle}.`,
        ),
        "EMPLOYMENT DETAILS\n\n" + employmentFacts(employee, store),
        "RESPONSIBILITIES\n\n" + duties.map((duty) => `  - ${duty}`).join("\n"),
        "SERVICE RECORD\n\n" + serviceRecord(employee, store),
        wrap(
          `This certificate is issued at the request of the employee for presentation to third parties, such as landlords, banks and authorities.`,
        ),
      ];
    case "salary_certificate": {
      const slips = lastTwelvePeriods()
        .filter((period) => paidIn(employee, period))
        .map((period) => computePayslip(employee, period, store));
      const sum = (pick: (slip: (typeof slips)[number]) => number) =>
        Math.round(slips.reduce((total, slip) => total + pick(slip), 0) * 100) / 100;
      return [
        wrap(
          `This is to certify the earnings of ${name}, employee ID ${employee.id}, ${employee.jobTitle}, for the twelve pay periods before ${REFERENCE_DATE.slice(0, 7)}. All amounts in ${employee.location.currency}.`,
        ),
        "EMPLOYMENT DETAILS\n\n" + employmentFacts(employee, store),
        "MONTHLY EARNINGS\n\n" +
          table(
            ["Period", "Pay date", "Gross", "Tax", "Other deductions", "Net"],
            slips.map((slip) => [
              slip.period,
              slip.pay_date,
              slip.gross_pay.toFixed(2),
              slip.taxes.toFixed(2),
              (slip.total_deductions - slip.taxes).toFixed(2),
              slip.net_pay.toFixed(2),
            ]),
          ),
        "ITEMISED STATEMENT\n\n" +
          slips
            .map(
              (slip) =>
                `${slip.period} (paid ${slip.pay_date})\n` +
                [
                  ...slip.earnings.map((line) => `  + ${line.label.padEnd(58)}${line.amount.toFixed(2).padStart(12)}`),
                  ...slip.deductions.map(
                    (line) => `  - ${line.label.padEnd(58)}${line.amount.toFixed(2).padStart(12)}`,
                  ),
                  `  = ${"Net pay".padEnd(58)}${slip.net_pay.toFixed(2).padStart(12)}`,
                ].join("\n"),
            )
            .join("\n\n"),
        "TOTALS\n\n" +
          table(
            ["Component", "Amount"],
            [
              ["Gross pay", sum((slip) => slip.gross_pay).toFixed(2)],
              ["Income tax", sum((slip) => slip.taxes).toFixed(2)],
              ["Total deductions", sum((slip) => slip.total_deductions).toFixed(2)],
              ["Net pay", sum((slip) => slip.net_pay).toFixed(2)],
            ],
          ),
        wrap(
          `The current annual base salary for full-time work is ${employee.annualSalary.toFixed(2)} ${employee.location.currency}, paid in twelve monthly instalments on the 25th of each month.`,
        ),
      ];
    }
    case "leave_confirmation": {
      const requests = [...store.leaveRequests.values()].filter(
        (request) => request.employeeId === employee.id && request.startDate.startsWith(String(CURRENT_YEAR)),
      );
      return [
        wrap(
          `This confirms the leave of ${name}, employee ID ${employee.id}, recorded for ${CURRENT_YEAR} as of ${REFERENCE_DATE}.`,
        ),
        "EMPLOYMENT DETAILS\n\n" + employmentFacts(employee, store),
        "LEAVE REQUESTS\n\n" +
          (requests.length
            ? table(
                ["Request", "Type", "From", "To", "Days", "Status"],
                requests.map((request) => [
                  request.id,
                  request.leaveType,
                  request.startDate,
                  request.endDate,
                  request.days,
                  request.status,
                ]),
              )
            : "No leave requests recorded this year."),
        "PUBLIC HOLIDAYS\n\n" +
          holidaysOf(employee.location.country, CURRENT_YEAR)
            .map((holiday) => `  ${holiday.observed}  ${holiday.name}`)
            .join("\n"),
        "POLICIES\n\n" +
          LEAVE_TYPES.map((type) => leavePolicy(type, employee.location.country))
            .map((policy) =>
              wrap(
                `${policy.leave_type}: ${policy.entitlement_days ?? "case by case"} days, ${policy.paid ? "paid" : "unpaid"}, ${policy.notice_days} days' notice, approved by ${policy.approval}. ${policy.notes}`,
              ),
            )
            .join("\n\n"),
        "BALANCES\n\n" +
          table(
            ["Type", "Entitlement", "Carried over", "Taken", "Booked", "Pending", "Remaining"],
            LEAVE_TYPES.map((type) => leaveBalance(employee, type, CURRENT_YEAR, store)).map((balance) => [
              balance.leave_type,
              balance.entitlement_days ?? "n/a",
              balance.carried_over_days,
              balance.taken_days,
              balance.booked_days,
              balance.pending_days,
              balance.remaining_days ?? "n/a",
            ]),
          ),
      ];
    }
    case "experience_letter": {
      const reviews = store.dataset.reviews
        .filter((review) => review.employeeId === employee.id)
        .sort((a, b) => b.year - a.year);
      const goals = store.dataset.goals.filter(
        (goal) => goal.employeeId === employee.id && goal.status === "completed",
      );
      return [
        wrap(
          `To whom it may concern: ${name} has worked with ${COMPANY.name} since ${employee.startDate} and currently holds the position of ${employee.jobTitle} in ${store.department(employee.departmentId).name}.`,
        ),
        "EMPLOYMENT DETAILS\n\n" + employmentFacts(employee, store),
        "RESPONSIBILITIES\n\n" + duties.map((duty) => `  - ${duty}`).join("\n"),
        "PERFORMANCE\n\n" +
          (reviews.length
            ? reviews
                .map((review) =>
                  wrap(`${review.cycle}: ${RATING_LABELS[review.rating]} (${review.rating}/5). ${review.summary}`),
                )
                .join("\n\n")
            : "No completed review cycle yet."),
        "ACHIEVEMENTS\n\n" +
          (goals.length
            ? goals.map((goal) => `  - ${goal.title} (${goal.cycle})`).join("\n")
            : "No completed goals recorded yet."),
        wrap(
          `We have found ${employee.firstName} to be a committed and reliable colleague and recommend ${employee.firstName} without reservation.`,
        ),
      ];
    }
  }
}

/** One line per calendar year of service: position, department and that year's review rating. */
function serviceRecord(employee: Employee, store: HrStore): string {
  const first = Number(employee.startDate.slice(0, 4));
  const last = Number((employee.terminationDate ?? REFERENCE_DATE).slice(0, 4));
  const rows: Array<Array<string | number>> = [];
  for (let year = first; year <= last; year++) {
    const review = store.dataset.reviews.find((each) => each.employeeId === employee.id && each.year === year);
    rows.push([
      year,
      employee.jobTitle,
      store.department(employee.departmentId).name,
      employee.location.name,
      review ? `${review.rating}/5 ${RATING_LABELS[review.rating]}` : "no review",
    ]);
  }
  return table(["Year", "Position", "Department", "Location", "Review"], rows);
}

/** Who to ask about the document: the department head, the head of HR and payroll. */
function contacts(employee: Employee, store: HrStore): string {
  const hrHead = store.employee(store.department("D-HR").headId);
  const payroll = store.dataset.employees.find(
    (each) => each.departmentId === "D-FIN" && /payroll/i.test(each.jobTitle) && each.status === "active",
  );
  const head = store.employee(store.department(employee.departmentId).headId);
  return [
    `  Department head: ${fullName(head)}, ${head.jobTitle}, ${head.email}`,
    `  People & HR:     ${fullName(hrHead)}, ${hrHead.jobTitle}, ${hrHead.email}`,
    ...(payroll ? [`  Payroll:         ${fullName(payroll)}, ${payroll.jobTitle}, ${payroll.email}`] : []),
    `  Verification:    ${COMPANY.website}/verify`,
  ].join("\n");
}

function reportingLine(employee: Employee, store: HrStore): string {
  const lines: string[] = [];
  for (
    let current: Employee | undefined = employee;
    current;
    current = current.managerId ? store.employee(current.managerId) : undefined
  ) {
    lines.push(`${"  ".repeat(lines.length)}${fullName(current)}, ${current.jobTitle} (${current.id})`);
  }
  return lines
    .reverse()
    .map((line, index) => line.trimStart().padStart(line.trimStart().length + index * 2))
    .join("\n");
}

const generateDocument = readTool<{ template: string; employee_id: string; language?: string }>(
  "generate_document",
  "Generate an HR document",
  ({ template, employee_id, language }, store) => {
    const chosen = oneOf(template, "template", TEMPLATES);
    const employee = store.employee(employee_id);
    const lang = language === undefined ? "en" : LANGUAGES.find((each) => each === language.trim().toLowerCase());
    if (!lang)
      throw new HrToolError(
        `language "${language}" is not available; the templates exist in: ${LANGUAGES.join(", ")}.`,
      );
    if (chosen === "salary_certificate" && employee.startDate > REFERENCE_DATE.slice(0, 7))
      throw new HrToolError(`${employee.id} has not been paid yet; no salary certificate can be issued.`);
    // The ID depends only on what was asked for, so asking again yields the same link.
    const documentId = `DOC-${Math.floor(randomFor(`${chosen}/${employee.id}/${lang}`).next() * 1e8)
      .toString(36)
      .toUpperCase()
      .padStart(6, "0")}`;
    const content = [
      `${COMPANY.name}\n${COMPANY.address}\n${COMPANY.register}\n${COMPANY.website}`,
      `${TITLES[chosen].toUpperCase()}\n\nDocument ID: ${documentId}\nIssued: ${REFERENCE_DATE}\nVerification code: ${documentId.slice(4)}-${employee.id}`,
      ...templateBody(chosen, employee, store),
      "REPORTING LINE\n\n" + reportingLine(employee, store),
      "WORKING TIME\n\n" + WORKING_TIME.map((paragraph) => wrap(paragraph)).join("\n\n"),
      "POLICIES THAT APPLY\n\n" + POLICIES.map((policy) => wrap(`  - ${policy}`)).join("\n"),
      "CONTACTS\n\n" + contacts(employee, store),
      "BENEFITS\n\n" + BENEFITS[employee.location.country].map((benefit) => `  - ${benefit}`).join("\n"),
      "ABOUT THE COMPANY\n\n" + ABOUT_COMPANY.map((paragraph) => wrap(paragraph)).join("\n\n"),
      "NOTES\n\n" + LEGAL_NOTES.map((note, index) => wrap(`${index + 1}. ${note}`)).join("\n\n"),
      "DATA PROTECTION\n\n" + PRIVACY_NOTICE.map((paragraph) => wrap(paragraph)).join("\n\n"),
      `VERIFICATION\n\n${wrap(`Verify this document at ${COMPANY.website}/verify with document ID ${documentId}.`)}\n\nBerlin, ${REFERENCE_DATE}\n\nPeople & HR, ${COMPANY.name}`,
    ].join("\n\n\n");
    return {
      document_id: documentId,
      template: chosen,
      title: TITLES[chosen],
      employee_id: employee.id,
      language: lang,
      format: "text/plain",
      size_bytes: new TextEncoder().encode(content).length,
      download_url: `${COMPANY.website}/documents/${documentId}`,
      content,
    };
  },
);

/** generate_document: a long plain-text HR document, deterministic for the same request. */
export const DOCUMENT_HANDLERS = [generateDocument];
