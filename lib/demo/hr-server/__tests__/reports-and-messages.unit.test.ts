import { beforeEach, describe, expect, it } from "vitest";
import { createHrStore, type HrStore } from "../store";
import { call, callError } from "./helpers";

let store: HrStore;
beforeEach(() => {
  store = createHrStore();
});

describe("reports, documents and email", () => {
  it("get_headcount_report groups add up to the total and the report is long", () => {
    const report = call(store, "get_headcount_report", {});
    expect(report.as_of_date).toBe("2025-06-16");
    expect(report.groups.reduce((sum: number, group: { headcount: number }) => sum + group.headcount, 0)).toBe(
      report.total_headcount,
    );
    expect(report.total_headcount).toBeGreaterThan(280);
    expect(JSON.stringify(report).length).toBeGreaterThan(30_000);
    const byLocation = call(store, "get_headcount_report", { group_by: "location", department_id: "D-ENG" });
    expect(byLocation.groups.map((group: { key: string }) => group.key)).toContain("Berlin");
    expect(byLocation.total_headcount).toBeLessThan(report.total_headcount);
    expect(call(store, "get_headcount_report", { as_of_date: "2018-01-01" }).total_headcount).toBeLessThan(
      report.total_headcount,
    );
    expect(callError(store, "get_headcount_report", { group_by: "salary" })).toMatch(
      /group_by must be one of department, location, employment_type/,
    );
    expect(callError(store, "get_headcount_report", { as_of_date: "2030-01-01" })).toMatch(/in the future/);
  });

  it.each(["employment_certificate", "salary_certificate", "leave_confirmation", "experience_letter"])(
    "generate_document %s is a long text naming the employee",
    (template) => {
      const document = call(store, "generate_document", { template, employee_id: "E1024" });
      const name = call(store, "get_employee", { employee_id: "E1024" }).name;
      expect(document.size_bytes).toBeGreaterThan(7_000);
      expect(document.content).toContain(name);
      expect(document.download_url).toMatch(new RegExp(`/documents/${document.document_id}$`));
      expect(call(store, "generate_document", { template, employee_id: "E1024" })).toEqual(document);
    },
  );

  it("generate_document refuses unknown templates and languages it has no template for", () => {
    expect(callError(store, "generate_document", { template: "reference", employee_id: "E1024" })).toMatch(
      /template must be one of employment_certificate/,
    );
    expect(
      callError(store, "generate_document", { template: "salary_certificate", employee_id: "E1024", language: "de" }),
    ).toMatch(/language "de" is not available; the templates exist in: en/);
  });

  it("send_email_notification records the message in the outbox, resolving employee IDs to addresses", () => {
    const sent = call(store, "send_email_notification", {
      to: "E1024",
      subject: "Your leave",
      body: "Approved.\nEnjoy!",
      cc: ["E1000", "hr@example.org"],
    });
    expect(sent).toMatchObject({ message_id: "MSG-000001", status: "recorded" });
    expect(store.outbox).toEqual([
      expect.objectContaining({
        to: [store.employee("E1024").email],
        cc: [store.employee("E1000").email, "hr@example.org"],
        subject: "Your leave",
        body: "Approved.\nEnjoy!",
        delivery: "recorded_not_sent",
      }),
    ]);
    expect(callError(store, "send_email_notification", { to: "someone", subject: "x", body: "y" })).toMatch(
      /neither an employee ID like "E1024" nor an email address/,
    );
    expect(callError(store, "send_email_notification", { to: "E1024", subject: "x", body: "y", cc: [42] })).toMatch(
      /cc\[0\] must be an employee ID/,
    );
    expect(callError(store, "send_email_notification", { to: "E1024", subject: " ", body: "y" })).toMatch(
      /subject must not be empty/,
    );
    expect(store.outbox).toHaveLength(1);
  });
});
