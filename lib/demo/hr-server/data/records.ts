import { addDays, REFERENCE_DATE } from "./calendar";
import { workingDaysBetween } from "./holidays";
import type { Random } from "./random";
import type { AnnualLedger, Employee, ExpenseClaim, ExpenseStage, LeaveRequest, LeaveType } from "./types";

const LEAVE_REASONS: Record<LeaveType, string[]> = {
  annual: ["Family holiday", "Summer trip", "Long weekend", "Moving house", "Wedding of a friend"],
  sick: ["Flu", "Medical appointment", "Back pain"],
  parental: ["Birth of a child"],
  unpaid: ["Personal project", "Extended travel"],
  compassionate: ["Bereavement in the family"],
};

/** Leave requests of 2025 (past ones decided, upcoming ones partly pending) and each employee's annual-leave ledger. */
export function buildLeaveRecords(random: Random, employees: Employee[]): { leaveRequests: LeaveRequest[]; annualLedger: Map<string, AnnualLedger> } {
  const annualLedger = new Map<string, AnnualLedger>();
  const leaveRequests: LeaveRequest[] = [];
  const current = employees.filter((employee) => employee.status !== "terminated");
  for (const employee of current) {
    for (const year of [2024, 2025]) {
      if (Number(employee.startDate.slice(0, 4)) > year) continue;
      annualLedger.set(`${employee.id}/${year}`, { carriedOver: year === 2025 ? random.int(0, 5) : 0, takenBefore: year === 2025 ? random.int(0, 6) : random.int(14, 20) });
    }
  }
  for (let index = 0; index < 60; index++) {
    const employee = random.pick(current);
    const leaveType: LeaveType = random.chance(0.7) ? "annual" : random.chance(0.7) ? "sick" : random.pick(["compassionate", "unpaid"] as const);
    // Spread over the year: two thirds already under way or over, one third still ahead of the reference date.
    const startDate = firstWorkingDayFrom(employee, addDays("2025-01-06", Math.floor((index / 60) * 300) + random.int(0, 4)));
    const length = leaveType === "annual" ? random.int(1, 8) : random.int(1, 3);
    const days = workingDaysBetween(employee.location.country, startDate, addDays(startDate, length + 3)).slice(0, length);
    const endDate = days[days.length - 1];
    if (leaveRequests.some((other) => other.employeeId === employee.id && other.startDate <= endDate && startDate <= other.endDate)) continue;
    const status = startDate <= REFERENCE_DATE || random.chance(0.5) ? "approved" : "pending";
    leaveRequests.push({
      id: `LR-2025-${String(leaveRequests.length + 1).padStart(4, "0")}`,
      employeeId: employee.id,
      leaveType,
      startDate,
      endDate,
      halfDay: false,
      days: days.length,
      reason: random.pick(LEAVE_REASONS[leaveType]),
      status,
      approverId: employee.managerId,
      decidedBy: status === "approved" ? employee.managerId : null,
      comment: null,
      createdAt: `${addDays(startDate, -random.int(3, 30))}T10:00:00Z`,
    });
  }
  return { leaveRequests, annualLedger };
}

function firstWorkingDayFrom(employee: Employee, day: string): string {
  return workingDaysBetween(employee.location.country, day, addDays(day, 10))[0];
}

const EXPENSES = [
  { category: "travel", descriptions: ["Train to customer workshop", "Flight to team offsite", "Taxi to airport"], min: 20, max: 900 },
  { category: "accommodation", descriptions: ["Hotel, two nights", "Hotel for conference"], min: 120, max: 700 },
  { category: "meals", descriptions: ["Team dinner", "Customer lunch"], min: 25, max: 350 },
  { category: "equipment", descriptions: ["Monitor for home office", "Headset", "Ergonomic chair"], min: 40, max: 600 },
  { category: "training", descriptions: ["Conference ticket", "Online course fee", "Certification exam"], min: 50, max: 1200 },
];

/** Expense claims: 60 from 2024, 150 from 2025 numbered in submission order, at stages that follow their age. */
export function buildExpenseClaims(random: Random, employees: Employee[]): ExpenseClaim[] {
  const claimants = employees.filter((employee) => employee.status !== "terminated" && employee.managerId);
  const claims: ExpenseClaim[] = [];
  for (const [year, count, firstDay, spanDays] of [[2024, 60, "2024-01-08", 350], [2025, 150, "2025-01-06", 160]] as const) {
    for (let index = 0; index < count; index++) {
      const employee = random.pick(claimants);
      const kind = random.pick(EXPENSES);
      const submittedOn = addDays(firstDay, Math.floor((index / count) * spanDays));
      const age = Math.max(0, Math.round((new Date(REFERENCE_DATE).getTime() - new Date(submittedOn).getTime()) / 86_400_000));
      const stage = stageForAge(random, age);
      claims.push({
        id: `EC-${year}-${String(index + 1).padStart(4, "0")}`,
        employeeId: employee.id,
        category: kind.category,
        description: random.pick(kind.descriptions),
        amount: Math.round((kind.min + random.next() * (kind.max - kind.min)) * 100) / 100,
        currency: employee.location.currency,
        submittedOn,
        stage,
        approverId: employee.managerId!,
        paidOn: stage === "paid" ? addDays(submittedOn, random.int(9, 20)) : null,
        rejectionReason: stage === "rejected" ? random.pick(["Receipt missing", "Not a business expense", "Over the per-diem limit"]) : null,
      });
    }
  }
  return claims;
}

function stageForAge(random: Random, ageDays: number): ExpenseStage {
  if (random.chance(0.05)) return "rejected";
  if (ageDays < 4) return "submitted";
  if (ageDays < 9) return "manager_approval";
  if (ageDays < 15) return "finance_review";
  if (ageDays < 21) return "approved";
  return "paid";
}
