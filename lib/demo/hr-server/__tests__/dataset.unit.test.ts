import { describe, expect, it } from "vitest";
import { buildHrDataset } from "../data/dataset";

describe("the seeded HR data set", () => {
  const dataset = buildHrDataset();

  it("is the same on every build", () => {
    expect(buildHrDataset()).toEqual(dataset);
    expect(buildHrDataset(1).employees[5]).not.toEqual(dataset.employees[5]);
  });

  it("holds about 300 employees with unique IDs and emails, in 12 departments", () => {
    expect(dataset.employees).toHaveLength(300);
    expect(new Set(dataset.employees.map((employee) => employee.id)).size).toBe(300);
    expect(new Set(dataset.employees.map((employee) => employee.email)).size).toBe(300);
    expect(dataset.departments).toHaveLength(12);
    expect(dataset.employees.every((employee) => /^E1\d{3}$/.test(employee.id))).toBe(true);
  });

  it("has the IDs the tool schemas use as examples", () => {
    expect(dataset.employees.map((employee) => employee.id)).toContain("E1024");
    expect(dataset.departments.map((department) => department.id)).toContain("D-ENG");
    expect(dataset.expenseClaims.map((claim) => claim.id)).toContain("EC-2025-0137");
    expect(dataset.trainings.map((training) => training.id)).toContain("TR-104");
    expect(dataset.leaveRequests.map((request) => request.id)).toContain("LR-2025-0042");
  });

  it("forms one reporting tree under the CEO, without cycles", () => {
    const byId = new Map(dataset.employees.map((employee) => [employee.id, employee]));
    const roots = dataset.employees.filter((employee) => employee.managerId === null);
    expect(roots.map((employee) => employee.id)).toEqual(["E1000"]);
    for (const employee of dataset.employees) {
      const seen = new Set<string>();
      let current = employee;
      while (current.managerId) {
        expect(seen.has(current.id), `cycle through ${current.id}`).toBe(false);
        seen.add(current.id);
        current = byId.get(current.managerId)!;
        expect(current, `manager of ${employee.id} exists`).toBeDefined();
        expect(current.status, `${current.id} manages people, so has not left`).not.toBe("terminated");
      }
      expect(current.id).toBe("E1000");
    }
  });

  it("gives every department an active head who works in it and reports to the parent department's head", () => {
    const byId = new Map(dataset.employees.map((employee) => [employee.id, employee]));
    const departments = new Map(dataset.departments.map((department) => [department.id, department]));
    for (const department of dataset.departments) {
      const head = byId.get(department.headId)!;
      expect(head.departmentId).toBe(department.id);
      expect(head.status).toBe("active");
      if (department.parentId) expect(head.managerId).toBe(departments.get(department.parentId)!.headId);
    }
  });

  it("has records for every area: leave, reviews, goals, trainings, expense claims", () => {
    expect(dataset.leaveRequests.length).toBeGreaterThanOrEqual(50);
    expect(dataset.reviews.length).toBeGreaterThan(500);
    expect(dataset.goals.length).toBeGreaterThan(1000);
    expect(dataset.trainings).toHaveLength(24);
    expect(dataset.expenseClaims).toHaveLength(210);
    expect(new Set(dataset.employees.map((employee) => employee.location.name)).size).toBe(6);
  });
});
