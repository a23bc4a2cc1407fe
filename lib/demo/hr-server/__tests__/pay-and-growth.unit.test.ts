import { beforeEach, describe, expect, it } from "vitest";
import { createHrStore, type HrStore } from "../store";
import { call, callError } from "./helpers";

let store: HrStore;
beforeEach(() => {
  store = createHrStore();
});

describe("pay", () => {
  it("get_payslip adds up: net = gross − deductions, gross = sum of earnings", () => {
    const slip = call(store, "get_payslip", { employee_id: "E1024", period: "2025-05" });
    const sum = (lines: Array<{ amount: number }>) => lines.reduce((total, line) => total + line.amount, 0);
    expect(slip.gross_pay).toBeCloseTo(sum(slip.earnings), 2);
    expect(slip.total_deductions).toBeCloseTo(sum(slip.deductions), 2);
    expect(slip.net_pay).toBeCloseTo(slip.gross_pay - slip.total_deductions, 2);
    expect(slip.currency).toBe(store.employee("E1024").location.currency);
  });

  it("get_payslip refuses periods not yet paid, archived or outside the employment", () => {
    expect(callError(store, "get_payslip", { employee_id: "E1024", period: "2025-06" })).toMatch(
      /runs on 2025-06-25; the latest paid period is 2025-05/,
    );
    expect(callError(store, "get_payslip", { employee_id: "E1024", period: "2019-01" })).toMatch(/archived/);
    expect(callError(store, "get_payslip", { employee_id: "E1024", period: "May 2025" })).toMatch(
      /period must be a month as YYYY-MM/,
    );
    const leaver = store.dataset.employees.find((each) => each.terminationDate && each.terminationDate < "2025-01-01")!;
    expect(callError(store, "get_payslip", { employee_id: leaver.id, period: "2025-05" })).toMatch(
      /has no payslip for 2025-05: they left/,
    );
  });

  it("get_payroll_summary totals per currency agree with the department breakdown", () => {
    const company = call(store, "get_payroll_summary", { period: "2025-05" });
    expect(company.headcount).toBe(
      company.by_department.reduce((sum: number, each: { headcount: number }) => sum + each.headcount, 0),
    );
    const eurFromDepartments = company.by_department.reduce(
      (sum: number, each: { gross_pay: Record<string, number> }) => sum + (each.gross_pay.EUR ?? 0),
      0,
    );
    expect(
      company.totals_by_currency.find((each: { currency: string }) => each.currency === "EUR").gross_pay,
    ).toBeCloseTo(eurFromDepartments, 1);
    const engineering = call(store, "get_payroll_summary", { period: "2025-05", department_id: "D-ENG" });
    expect(engineering.scope.includes).toEqual(["D-ENG", "D-PLAT", "D-DATA"]);
    expect(engineering.headcount).toBeLessThan(company.headcount);
  });

  it("get_expense_claim_status shows the stage and the way through approval", () => {
    const claim = call(store, "get_expense_claim_status", { claim_id: "EC-2025-0137" });
    expect(claim.stages.map((each: { stage: string }) => each.stage)).toEqual([
      "submitted",
      "manager_approval",
      "finance_review",
      "approved",
      "paid",
    ]);
    expect(claim.status).toBe(store.expenseClaim("EC-2025-0137").stage);
    const paid = store.dataset.expenseClaims.find((each) => each.stage === "paid")!;
    expect(call(store, "get_expense_claim_status", { claim_id: paid.id })).toMatchObject({
      payment_date: paid.paidOn,
      expected_payment_date: null,
    });
    expect(callError(store, "get_expense_claim_status", { claim_id: "EC-2030-0001" })).toMatch(
      /Unknown expense claim ID/,
    );
  });
});

describe("performance and training", () => {
  it("get_performance_reviews lists reviews newest first, filtered by year", () => {
    const all = call(store, "get_performance_reviews", { employee_id: "E1024" });
    const years = all.reviews.map((review: { cycle: string }) => Number(review.cycle));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(all.reviews[0]).toMatchObject({ rating: expect.any(Number), reviewer_name: expect.any(String) });
    expect(
      call(store, "get_performance_reviews", { employee_id: "E1024", year: 2023 }).reviews.every(
        (review: { cycle: string }) => review.cycle === "2023",
      ),
    ).toBe(true);
    expect(callError(store, "get_performance_reviews", { employee_id: "E1024", year: 2025 })).toMatch(
      /closes in December/,
    );
  });

  it("get_goals defaults to the current cycle and narrows to a half year", () => {
    const year = call(store, "get_goals", { employee_id: "E1024" });
    expect(year.cycle).toBe("2025");
    const firstHalf = call(store, "get_goals", { employee_id: "E1024", cycle: "2025-H1" });
    expect(firstHalf.goals.every((goal: { due: string }) => goal.due === "2025-06-30")).toBe(true);
    expect(firstHalf.goals.length).toBeLessThanOrEqual(year.goals.length);
    expect(callError(store, "get_goals", { employee_id: "E1024", cycle: "H1" })).toMatch(
      /cycle must be a year or a half year/,
    );
  });

  it("list_trainings shows only courses still open, by topic and start date", () => {
    const open = call(store, "list_trainings", {});
    expect(open.trainings.every((training: { start_date: string }) => training.start_date > "2025-06-16")).toBe(true);
    const security = call(store, "list_trainings", { topic: "security" });
    expect(
      security.trainings.every((training: { topic: string; title: string }) =>
        /security/i.test(`${training.topic} ${training.title}`),
      ),
    ).toBe(true);
    const late = call(store, "list_trainings", { starts_after: "2025-10-01" });
    expect(late.count).toBeLessThan(open.count);
    expect(callError(store, "list_trainings", { starts_after: "soon" })).toMatch(
      /starts_after must be a real calendar date/,
    );
  });

  it("enroll_training confirms while seats last, then waitlists; enrolling twice changes nothing", () => {
    const full = store.dataset.trainings.find(
      (training) => training.seededEnrolled === training.capacity && training.startDate > "2025-06-16",
    )!;
    const open = store.dataset.trainings.find(
      (training) => training.seededEnrolled < training.capacity && training.startDate > "2025-06-16",
    )!;
    expect(call(store, "enroll_training", { employee_id: "E1024", training_id: open.id })).toMatchObject({
      status: "confirmed",
      already_enrolled: false,
    });
    expect(call(store, "enroll_training", { employee_id: "E1024", training_id: open.id })).toMatchObject({
      status: "confirmed",
      already_enrolled: true,
    });
    expect(store.enrollments.get(open.id)).toHaveLength(1);
    expect(call(store, "enroll_training", { employee_id: "E1025", training_id: full.id })).toMatchObject({
      status: "waitlisted",
      waitlist_position: 1,
    });
    const started = store.dataset.trainings.find((training) => training.startDate <= "2025-06-16")!;
    expect(callError(store, "enroll_training", { employee_id: "E1024", training_id: started.id })).toMatch(
      /enrollment is closed/,
    );
    expect(callError(store, "enroll_training", { employee_id: "E1024", training_id: "TR-999" })).toMatch(
      /Unknown training ID "TR-999"/,
    );
  });
});
