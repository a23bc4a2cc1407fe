import { beforeEach, describe, expect, it } from "vitest";
import { createHrStore, type HrStore } from "../store";
import { call, callError } from "./helpers";

let store: HrStore;
beforeEach(() => {
  store = createHrStore();
});

describe("people tools", () => {
  it("get_employee returns the profile with department and manager, and names the bad ID", () => {
    const profile = call(store, "get_employee", { employee_id: "E1024" });
    expect(profile).toMatchObject({
      employee_id: "E1024",
      department: { department_id: "D-ENG" },
      manager: { employee_id: expect.stringMatching(/^E1\d{3}$/) },
    });
    expect(call(store, "get_employee", { employee_id: "e1024" }).employee_id).toBe("E1024");
    expect(callError(store, "get_employee", { employee_id: "E9999" })).toMatch(
      /Unknown employee ID "E9999".*search_employees/,
    );
  });

  it("search_employees matches every word, filters by department and location, and honours the limit", () => {
    const berlin = call(store, "search_employees", { query: "engineer", location: "Berlin", limit: 50 });
    expect(berlin.total_matches).toBeGreaterThan(0);
    expect(
      berlin.results.every(
        (hit: { job_title: string; location: string }) => /engineer/i.test(hit.job_title) && hit.location === "Berlin",
      ),
    ).toBe(true);
    const limited = call(store, "search_employees", { query: "a", limit: 3 });
    expect(limited.results).toHaveLength(3);
    expect(limited.total_matches).toBeGreaterThan(3);
    const engineering = call(store, "search_employees", { query: "engineer", department_id: "D-ENG", limit: 50 });
    expect(
      engineering.results.every((hit: { department_id: string }) =>
        ["D-ENG", "D-PLAT", "D-DATA"].includes(hit.department_id),
      ),
    ).toBe(true);
    expect(callError(store, "search_employees", { query: "x", limit: 51 })).toMatch(/limit must be between 1 and 50/);
    expect(callError(store, "search_employees", { query: "x", location: "Paris" })).toMatch(
      /No office in "Paris".*Berlin/,
    );
    expect(callError(store, "search_employees", { query: "   " })).toMatch(/at least one word/);
  });

  it("get_department counts people and lists sub-departments", () => {
    const engineering = call(store, "get_department", { department_id: "D-ENG" });
    expect(engineering.sub_departments.map((each: { department_id: string }) => each.department_id)).toEqual([
      "D-PLAT",
      "D-DATA",
    ]);
    expect(engineering.headcount_including_sub_departments).toBeGreaterThan(engineering.headcount);
    expect(callError(store, "get_department", { department_id: "D-XYZ" })).toMatch(
      /Unknown department ID "D-XYZ". Known departments: D-EXEC/,
    );
  });

  it("get_org_chart goes exactly `depth` levels below the head and grows long at depth 5", () => {
    const shallow = call(store, "get_org_chart", { department_id: "D-ENG", depth: 1 });
    expect(shallow.tree.reports.every((node: { reports?: unknown }) => node.reports === undefined)).toBe(true);
    const whole = call(store, "get_org_chart", { department_id: "D-EXEC", depth: 5 });
    expect(whole.people_shown).toBeGreaterThan(280);
    expect(JSON.stringify(whole).length).toBeGreaterThan(20_000);
    expect(callError(store, "get_org_chart", { department_id: "D-ENG", depth: 9 })).toMatch(
      /depth must be between 1 and 5; got 9/,
    );
  });

  it("get_manager_chain climbs to the CEO, or stops at max_levels", () => {
    const chain = call(store, "get_manager_chain", { employee_id: "E1024" });
    expect(chain.managers.at(-1).employee_id).toBe("E1000");
    expect(chain.reaches_top).toBe(true);
    const short = call(store, "get_manager_chain", { employee_id: "E1024", max_levels: 1 });
    expect(short.managers).toHaveLength(1);
    expect(short.reaches_top).toBe(false);
    expect(call(store, "get_manager_chain", { employee_id: "E1000" }).managers).toEqual([]);
  });

  it("check_permission lets managers approve their reports' leave but not their own", () => {
    const employee = store.employee("E1024");
    const manager = employee.managerId!;
    expect(
      call(store, "check_permission", { employee_id: manager, action: "approve_leave", target_employee_id: "E1024" })
        .allowed,
    ).toBe(true);
    expect(
      call(store, "check_permission", { employee_id: "E1024", action: "approve_leave", target_employee_id: "E1024" })
        .allowed,
    ).toBe(false);
    expect(
      call(store, "check_permission", { employee_id: "E1024", action: "view_payslip", target_employee_id: manager })
        .allowed,
    ).toBe(false);
    expect(call(store, "check_permission", { employee_id: "E1024", action: "view_payslip" }).allowed).toBe(true);
    expect(callError(store, "check_permission", { employee_id: "E1024", action: "fire_everyone" })).toMatch(
      /Unknown action "fire_everyone". Known actions: view_profile/,
    );
  });

  it("update_employee_contact changes only the given fields and rejects malformed ones", () => {
    const before = call(store, "get_employee", { employee_id: "E1024" }).contact;
    const updated = call(store, "update_employee_contact", { employee_id: "E1024", phone: "+49 30 7654321" });
    expect(updated.updated_fields).toEqual(["phone"]);
    expect(call(store, "get_employee", { employee_id: "E1024" }).contact).toEqual({
      ...before,
      phone: "+49 30 7654321",
    });
    expect(callError(store, "update_employee_contact", { employee_id: "E1024", phone: "030 123" })).toMatch(
      /international format/,
    );
    expect(callError(store, "update_employee_contact", { employee_id: "E1024", personal_email: "nope" })).toMatch(
      /not an email address/,
    );
    expect(callError(store, "update_employee_contact", { employee_id: "E1024" })).toMatch(/Nothing to update/);
  });
});
