import { beforeEach, describe, expect, it } from "vitest";
import { createHrStore, type HrStore } from "../store";
import { call, callError } from "./helpers";

let store: HrStore;
beforeEach(() => {
  store = createHrStore();
});

const annualRemaining = (employeeId: string) =>
  call(store, "get_leave_balance", { employee_id: employeeId, leave_type: "annual" }).balances[0].remaining_days;

describe("leave", () => {
  it("get_leave_balance covers every type by default and one type on request", () => {
    expect(
      call(store, "get_leave_balance", { employee_id: "E1024" }).balances.map(
        (each: { leave_type: string }) => each.leave_type,
      ),
    ).toEqual(["annual", "sick", "parental", "unpaid", "compassionate"]);
    const annual = call(store, "get_leave_balance", { employee_id: "E1024", leave_type: "annual", year: 2025 });
    expect(annual.balances).toHaveLength(1);
    expect(annual.balances[0].remaining_days).toBe(
      annual.balances[0].entitlement_days +
        annual.balances[0].carried_over_days -
        annual.balances[0].taken_days -
        annual.balances[0].booked_days -
        annual.balances[0].pending_days,
    );
    expect(callError(store, "get_leave_balance", { employee_id: "E1024", leave_type: "vacation" })).toMatch(
      /leave_type must be one of annual, sick, parental, unpaid, compassionate; got "vacation"/,
    );
    expect(callError(store, "get_leave_balance", { employee_id: "E1024", year: 1999 })).toMatch(
      /year must be one of 2024, 2025, 2026/,
    );
  });

  it("get_leave_policy differs by country and refuses countries without an office", () => {
    expect(call(store, "get_leave_policy", { leave_type: "annual" }).entitlement_days).toBe(25);
    expect(call(store, "get_leave_policy", { leave_type: "annual", country: "de" })).toMatchObject({
      scope: "DE",
      entitlement_days: 28,
    });
    expect(callError(store, "get_leave_policy", { leave_type: "annual", country: "FR" })).toMatch(
      /No leave policy for country "FR". Offices are in DE, GB, IE, US/,
    );
  });

  it("apply_leave files a pending request, counts working days and lowers the balance", () => {
    const before = annualRemaining("E1024");
    // 2025-08-04 is a Monday; a whole week has five working days in every office country.
    const filed = call(store, "apply_leave", {
      employee_id: "E1024",
      leave_type: "annual",
      start_date: "2025-08-04",
      end_date: "2025-08-10",
      reason: "Holiday",
    });
    expect(filed).toMatchObject({
      status: "pending",
      days: 5,
      leave_request_id: expect.stringMatching(/^LR-2025-\d{4}$/),
    });
    expect(store.leaveRequests.has(filed.leave_request_id)).toBe(true);
    expect(annualRemaining("E1024")).toBe(before - 5);
    expect(
      callError(store, "apply_leave", {
        employee_id: "E1024",
        leave_type: "annual",
        start_date: "2025-08-06",
        end_date: "2025-08-06",
      }),
    ).toMatch(new RegExp(`Overlaps leave request ${filed.leave_request_id}`));
  });

  it("apply_leave rejects what a person would: past dates, weekends, reversed ranges, half days over several days, too many days", () => {
    const base = { employee_id: "E1024", leave_type: "annual" };
    expect(callError(store, "apply_leave", { ...base, start_date: "2025-06-02", end_date: "2025-06-03" })).toMatch(
      /in the past.*only sick leave/,
    );
    expect(callError(store, "apply_leave", { ...base, start_date: "2025-08-09", end_date: "2025-08-10" })).toMatch(
      /no working days/,
    );
    expect(callError(store, "apply_leave", { ...base, start_date: "2025-08-10", end_date: "2025-08-04" })).toMatch(
      /before start_date/,
    );
    expect(
      callError(store, "apply_leave", { ...base, start_date: "2025-08-04", end_date: "2025-08-05", half_day: true }),
    ).toMatch(/same day/);
    expect(callError(store, "apply_leave", { ...base, start_date: "2025-02-30", end_date: "2025-03-01" })).toMatch(
      /start_date must be a real calendar date/,
    );
    expect(callError(store, "apply_leave", { ...base, start_date: "2025-09-01", end_date: "2025-11-28" })).toMatch(
      /Not enough annual leave: the request needs \d+ working days, [\d.]+ remain/,
    );
    expect(
      call(store, "apply_leave", { ...base, start_date: "2025-08-04", end_date: "2025-08-04", half_day: true }).days,
    ).toBe(0.5);
  });

  it("approve_leave needs someone in the reporting line or HR; cancel_leave returns the days", () => {
    const filed = call(store, "apply_leave", {
      employee_id: "E1024",
      leave_type: "annual",
      start_date: "2025-09-01",
      end_date: "2025-09-05",
    });
    const before = annualRemaining("E1024");
    expect(
      callError(store, "approve_leave", { leave_request_id: filed.leave_request_id, approver_id: "E1024" }),
    ).toMatch(/own leave/);
    const outsider = store.dataset.employees.find(
      (each) => each.departmentId === "D-SAL" && each.managerId !== null && store.directReportsOf(each.id).length === 0,
    )!;
    expect(
      callError(store, "approve_leave", { leave_request_id: filed.leave_request_id, approver_id: outsider.id }),
    ).toMatch(/neither in E1024's reporting line nor in HR/);
    const manager = store.employee("E1024").managerId!;
    expect(
      call(store, "approve_leave", {
        leave_request_id: filed.leave_request_id,
        approver_id: manager,
        comment: "Enjoy",
      }),
    ).toMatchObject({ status: "approved", approved_by: manager });
    expect(
      callError(store, "approve_leave", { leave_request_id: filed.leave_request_id, approver_id: manager }),
    ).toMatch(/is approved, not pending/);
    expect(
      call(store, "cancel_leave", { leave_request_id: filed.leave_request_id, reason: "Plans changed" }),
    ).toMatchObject({ status: "cancelled", previous_status: "approved", days_returned: 5 });
    expect(annualRemaining("E1024")).toBe(before + 5);
    expect(callError(store, "cancel_leave", { leave_request_id: filed.leave_request_id })).toMatch(/already cancelled/);
    expect(callError(store, "cancel_leave", { leave_request_id: "LR-2025-9999" })).toMatch(
      /Unknown leave request ID "LR-2025-9999"/,
    );
  });
});

describe("holidays, attendance and overtime", () => {
  it("list_holidays knows movable feasts and weekend substitutes", () => {
    const germany = call(store, "list_holidays", { country: "DE", year: 2025 });
    expect(germany.holidays).toContainEqual(expect.objectContaining({ date: "2025-04-21", name: "Easter Monday" }));
    expect(call(store, "list_holidays", { country: "US", year: 2025 }).holidays).toContainEqual(
      expect.objectContaining({ date: "2025-11-27", name: "Thanksgiving Day" }),
    );
    const britain = call(store, "list_holidays", { country: "GB", year: 2022 }).holidays;
    expect(
      britain
        .filter((each: { name: string }) => /Christmas|Boxing/.test(each.name))
        .map((each: { observed: string }) => each.observed),
    ).toEqual(["2022-12-27", "2022-12-26"]);
    expect(callError(store, "list_holidays", { country: "XX", year: 2025 })).toMatch(
      /Supported countries .*DE, GB, IE, US/,
    );
  });

  it("get_attendance lists weekdays up to today, the same on every call, and refuses long ranges", () => {
    const may = call(store, "get_attendance", {
      employee_id: "E1024",
      start_date: "2025-05-01",
      end_date: "2025-05-31",
    });
    expect(may.days).toHaveLength(22);
    expect(may.summary.days_present + may.summary.days_on_leave + may.summary.unplanned_absences).toBe(
      may.summary.working_days,
    );
    expect(
      call(createHrStore(), "get_attendance", {
        employee_id: "E1024",
        start_date: "2025-05-01",
        end_date: "2025-05-31",
      }),
    ).toEqual(may);
    expect(
      call(store, "get_attendance", { employee_id: "E1024", start_date: "2025-06-09", end_date: "2025-06-30" })
        .recorded_until,
    ).toBe("2025-06-16");
    expect(
      callError(store, "get_attendance", { employee_id: "E1024", start_date: "2025-01-01", end_date: "2025-05-31" }),
    ).toMatch(/at most 92 days/);
  });

  it("get_overtime sums the hours above the contractual day; the running month is pending", () => {
    const may = call(store, "get_overtime", { employee_id: "E1024", month: "2025-05" });
    expect(may.approved_hours).toBe(
      may.entries.reduce((sum: number, entry: { hours: number }) => sum + entry.hours, 0),
    );
    expect(may.pending_hours).toBe(0);
    expect(call(store, "get_overtime", { employee_id: "E1024", month: "2025-06" }).approved_hours).toBe(0);
    expect(callError(store, "get_overtime", { employee_id: "E1024", month: "2025-13" })).toMatch(
      /month must be a month as YYYY-MM/,
    );
    expect(callError(store, "get_overtime", { employee_id: "E1024", month: "2025-07" })).toMatch(/has not started yet/);
  });
});
