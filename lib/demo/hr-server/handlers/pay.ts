import { REFERENCE_DATE, addDays } from "../data/calendar";
import type { ExpenseStage } from "../data/types";
import { HrToolError } from "../errors";
import { computePayslip, paidIn, payPeriod } from "./payroll";
import { readTool } from "./tool-kit";
import { fullName, money, personRef } from "./views";

type Totals = { currency: string; headcount: number; gross_pay: number; total_deductions: number; net_pay: number };

const getPayrollSummary = readTool<{ period: string; department_id?: string }>(
  "get_payroll_summary",
  "Get payroll summary",
  ({ period, department_id }, store) => {
    const chosen = payPeriod(period);
    const departments = department_id ? store.departmentsUnder(department_id) : store.dataset.departments;
    const included = new Set(departments.map((department) => department.id));
    const byCurrency = new Map<string, Totals>();
    const byDepartment = new Map<string, { headcount: number; gross_pay: Record<string, number> }>();
    for (const employee of store.dataset.employees) {
      if (!included.has(employee.departmentId) || !paidIn(employee, chosen)) continue;
      const slip = computePayslip(employee, chosen, store);
      const totals = byCurrency.get(slip.currency) ?? {
        currency: slip.currency,
        headcount: 0,
        gross_pay: 0,
        total_deductions: 0,
        net_pay: 0,
      };
      totals.headcount++;
      totals.gross_pay = money(totals.gross_pay + slip.gross_pay);
      totals.total_deductions = money(totals.total_deductions + slip.total_deductions);
      totals.net_pay = money(totals.net_pay + slip.net_pay);
      byCurrency.set(slip.currency, totals);
      const department = byDepartment.get(employee.departmentId) ?? { headcount: 0, gross_pay: {} };
      department.headcount++;
      department.gross_pay[slip.currency] = money((department.gross_pay[slip.currency] ?? 0) + slip.gross_pay);
      byDepartment.set(employee.departmentId, department);
    }
    return {
      period: chosen.key,
      scope: department_id
        ? { department_id: departments[0].id, includes: departments.map((department) => department.id) }
        : "company",
      headcount: [...byCurrency.values()].reduce((sum, totals) => sum + totals.headcount, 0),
      // Offices pay in their own currency; totals are not converted, so each currency is summed on its own.
      totals_by_currency: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
      by_department: departments.map((department) => ({
        department_id: department.id,
        name: department.name,
        ...(byDepartment.get(department.id) ?? { headcount: 0, gross_pay: {} }),
      })),
    };
  },
);

const getPayslip = readTool<{ employee_id: string; period: string }>(
  "get_payslip",
  "Get a payslip",
  ({ employee_id, period }, store) => {
    const employee = store.employee(employee_id);
    const chosen = payPeriod(period);
    if (!paidIn(employee, chosen)) {
      const when =
        employee.startDate > chosen.key ? `joined on ${employee.startDate}` : `left on ${employee.terminationDate}`;
      throw new HrToolError(`${fullName(employee)} (${employee.id}) has no payslip for ${chosen.key}: they ${when}.`);
    }
    return { name: fullName(employee), job_title: employee.jobTitle, ...computePayslip(employee, chosen, store) };
  },
);

const STAGES: ExpenseStage[] = ["submitted", "manager_approval", "finance_review", "approved", "paid"];
const STAGE_LABEL: Record<ExpenseStage, string> = {
  submitted: "Submitted, waiting for the manager to pick it up",
  manager_approval: "With the manager for approval",
  finance_review: "Approved by the manager, in finance review",
  approved: "Approved, scheduled for the next payment run",
  paid: "Paid",
  rejected: "Rejected",
};

const getExpenseClaimStatus = readTool<{ claim_id: string }>(
  "get_expense_claim_status",
  "Get expense claim status",
  ({ claim_id }, store) => {
    const claim = store.expenseClaim(claim_id);
    const current = claim.stage === "rejected" ? -1 : STAGES.indexOf(claim.stage);
    return {
      claim_id: claim.id,
      employee: personRef(store.employee(claim.employeeId)),
      category: claim.category,
      description: claim.description,
      amount: claim.amount,
      currency: claim.currency,
      submitted_on: claim.submittedOn,
      status: claim.stage,
      status_description: STAGE_LABEL[claim.stage],
      approver: personRef(store.employee(claim.approverId)),
      stages: STAGES.map((stage, index) => ({
        stage,
        state:
          current < 0
            ? index === 0
              ? "done"
              : "skipped"
            : index < current
              ? "done"
              : index === current
                ? "current"
                : "upcoming",
      })),
      payment_date: claim.paidOn,
      expected_payment_date:
        claim.stage === "paid" || claim.stage === "rejected" ? null : nextPaymentRun(claim.submittedOn),
      rejection_reason: claim.rejectionReason,
    };
  },
);

/** Expense payment runs happen on Fridays, at least 10 days after submission. */
function nextPaymentRun(submittedOn: string): string {
  const earliest = addDays(submittedOn, 10);
  let day = earliest > REFERENCE_DATE ? earliest : REFERENCE_DATE;
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 5) day = addDays(day, 1);
  return day;
}

/** Payroll, payslips and expense claims. */
export const PAY_HANDLERS = [getPayrollSummary, getPayslip, getExpenseClaimStatus];
