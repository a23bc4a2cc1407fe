import type { CountryCode } from "./holidays";
import type { Employee, LeaveType } from "./types";

/** A leave policy as get_leave_policy returns it. `entitlement_days: null` means granted case by case. */
export type LeavePolicy = {
  leave_type: LeaveType;
  scope: "company" | CountryCode;
  entitlement_days: number | null;
  paid: boolean;
  notice_days: number;
  carry_over: { max_days: number; expires_on: string } | null;
  documents_required: string[];
  approval: string;
  notes: string;
};

const COMPANY: Record<LeaveType, LeavePolicy> = {
  annual: {
    leave_type: "annual", scope: "company", entitlement_days: 25, paid: true, notice_days: 14,
    carry_over: { max_days: 5, expires_on: "03-31" }, documents_required: [], approval: "direct manager",
    notes: "Part-time employees receive entitlement in proportion to their FTE. Requests of more than 10 working days need 30 days' notice.",
  },
  sick: {
    leave_type: "sick", scope: "company", entitlement_days: 10, paid: true, notice_days: 0, carry_over: null,
    documents_required: ["medical certificate from the 4th consecutive day"], approval: "automatic, manager informed",
    notes: "Report sickness to your manager before your usual start time on the first day.",
  },
  parental: {
    leave_type: "parental", scope: "company", entitlement_days: 100, paid: true, notice_days: 56, carry_over: null,
    documents_required: ["birth or adoption certificate"], approval: "HR",
    notes: "Can be taken in up to three blocks within 24 months of the birth or adoption.",
  },
  unpaid: {
    leave_type: "unpaid", scope: "company", entitlement_days: null, paid: false, notice_days: 30, carry_over: null,
    documents_required: [], approval: "direct manager and HR",
    notes: "Granted case by case; benefits pause for unpaid leave longer than 30 days.",
  },
  compassionate: {
    leave_type: "compassionate", scope: "company", entitlement_days: 5, paid: true, notice_days: 0, carry_over: null,
    documents_required: [], approval: "direct manager",
    notes: "For the death or serious illness of a close family member; further days can be agreed with HR.",
  },
};

/** Where a country's law or practice differs from the company policy. */
const COUNTRY_OVERRIDES: Record<CountryCode, Partial<Record<LeaveType, Partial<LeavePolicy>>>> = {
  DE: {
    annual: { entitlement_days: 28, carry_over: { max_days: 10, expires_on: "03-31" }, notes: "Statutory minimum is 20 days for a 5-day week; the company grants 28." },
    sick: { entitlement_days: 30, documents_required: ["Arbeitsunfähigkeitsbescheinigung (eAU) from the 4th day"], notes: "Full pay for up to six weeks per illness (Entgeltfortzahlung)." },
  },
  GB: {
    annual: { entitlement_days: 25, notes: "In addition to the 8 bank holidays of England and Wales." },
    sick: { entitlement_days: 10, documents_required: ["self-certification for days 1–7", "fit note from the 8th day"] },
  },
  IE: {
    annual: { entitlement_days: 23, notes: "Statutory minimum is 20 days; the company grants 23." },
    sick: { entitlement_days: 10, documents_required: ["medical certificate from the 1st day of statutory sick leave"] },
  },
  US: {
    annual: { entitlement_days: 20, carry_over: { max_days: 5, expires_on: "12-31" }, notes: "PTO accrues monthly; unused days beyond the carry-over are forfeited." },
    parental: { entitlement_days: 60, notes: "Job-protected under FMLA for eligible employees; the company pays 12 weeks." },
  },
};

/** The policy for a leave type: company-wide, or as it applies in one country. */
export function leavePolicy(leaveType: LeaveType, country?: CountryCode): LeavePolicy {
  const override = country ? COUNTRY_OVERRIDES[country][leaveType] : undefined;
  if (!country) return structuredClone(COMPANY[leaveType]);
  return structuredClone({ ...COMPANY[leaveType], ...override, scope: country });
}

/** Days of a leave type an employee is entitled to in a year: prorated by FTE and, in the joining year, by months. */
export function entitlementFor(employee: Employee, leaveType: LeaveType, year: number): number | null {
  const days = leavePolicy(leaveType, employee.location.country).entitlement_days;
  if (days === null || leaveType !== "annual") return days;
  const startYear = Number(employee.startDate.slice(0, 4));
  const months = startYear === year ? 12 - Number(employee.startDate.slice(5, 7)) + 1 : startYear > year ? 0 : 12;
  // Half days are the smallest unit anyone books, so entitlements round to half days.
  return Math.round(days * employee.fte * (months / 12) * 2) / 2;
}
