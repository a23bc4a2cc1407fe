import { describe, expect, it } from "vitest";
import { variableKeyFor } from "../variables";

describe("variableKeyFor", () => {
  it("says what the value is and for what, as the paper's VAR_PAYSLIP_2025_06", () => {
    const payslip = { output: "result", tool: "get_payslip", stepId: "call:get_payslip" };
    expect(variableKeyFor(payslip, { employee_id: "E1024", month: "2025-06" }, new Set())).toBe(
      "VAR_PAYSLIP_E1024_2025_06",
    );
    // A declared output names it; no input, no details.
    expect(variableKeyFor({ output: "report", tool: "fetch_report", stepId: "s1" }, null, new Set())).toBe(
      "VAR_REPORT",
    );
  });

  it("numbers a key that is taken, and keeps keys short and typeable", () => {
    const taken = new Set(["VAR_PAYSLIP_E1024", "VAR_PAYSLIP_E1024_2"]);
    const what = { output: "result", tool: "get_payslip", stepId: "t1-c1" };
    expect(variableKeyFor(what, { employee_id: "E1024" }, taken)).toBe("VAR_PAYSLIP_E1024_3");
    const key = variableKeyFor(
      { output: "a_very_long_output_name_that_goes_on_and_on_and_on_for_ever", stepId: "s" },
      { note: "x".repeat(200), flag: true, ref: "VAR_OLD_1", year: 2025 },
      new Set(),
    );
    expect(key).toMatch(/^VAR_[A-Z0-9_]+$/);
    expect(key.length).toBeLessThanOrEqual(64);
    // Long text, booleans and keys of other variables are not details; the year is.
    expect(key).toContain("2025");
    expect(key).not.toContain("XXXX");
    expect(key).not.toContain("OLD");
  });
});
