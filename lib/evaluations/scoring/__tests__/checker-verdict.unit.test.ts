import { describe, expect, it } from "vitest";
import { checkCall, checkCase, ERROR_KINDS } from "..";
import { call, leave, lookup, notify, okLeave, okLookup, okNotify, schemas } from "./checker-fixtures";

describe("checkCase: the verdict's rows", () => {
  it("puts a missing call at its place, with the calls around it matched", () => {
    const verdict = checkCase({ expectedCalls: [lookup, leave, notify], actualCalls: [okLookup, okNotify], schemas });
    expect(
      verdict.calls.map((row) => [row.index, row.expected?.tool ?? null, row.actual?.tool ?? null, row.passed]),
    ).toEqual([
      [0, "get_employee", "get_employee", true],
      [1, "request_leave", null, false],
      [2, "notify_manager", "notify_manager", true],
    ]);
    expect(verdict.primary).toMatchObject({
      kind: "structural",
      subKind: "missing_call",
      callIndex: 1,
      tool: "request_leave",
    });
  });

  it("shows an extra call as a row of its own", () => {
    const verdict = checkCase({ expectedCalls: [lookup], actualCalls: [okNotify, okLookup], schemas });
    expect(verdict.calls.map((row) => [row.expected?.tool ?? null, row.actual?.tool ?? null])).toEqual([
      [null, "notify_manager"],
      ["get_employee", "get_employee"],
    ]);
    expect(verdict.errors).toEqual([
      expect.objectContaining({ subKind: "extra_call", callIndex: 0, tool: "notify_manager" }),
    ]);
  });

  it("pairs a moved call with its expected call and says where each was", () => {
    const verdict = checkCase({ expectedCalls: [lookup, leave], actualCalls: [okLeave, okLookup], schemas });
    expect(verdict.calls).toHaveLength(2);
    expect(verdict.errors).toHaveLength(1);
    expect(verdict.errors[0].message).toMatch(/out of order: expected as call \d, made as call \d/);
  });

  it("reports a wrong path once, on no call", () => {
    const verdict = checkCase({
      expectedCalls: [],
      actualCalls: [],
      expectedPath: ["approved", "notify"],
      actualPath: ["approved", "skip"],
    });
    expect(verdict.path).toEqual({ expected: ["approved", "notify"], actual: ["approved", "skip"], passed: false });
    expect(verdict.primary).toMatchObject({ kind: "structural", subKind: "wrong_path", callIndex: null });
    expect(verdict.primary?.message).toContain('"skip"');
  });

  it("ranks the headline structural, then tool selection, then parameter", () => {
    expect(ERROR_KINDS).toEqual(["structural", "tool_selection", "parameter", "outcome"]);
    const verdict = checkCase({
      expectedCalls: [leave, lookup],
      actualCalls: [call("request_leave", { employee_id: "E-17", days: 9, kind: "vacation" }), okNotify],
      schemas,
    });
    expect(verdict.errors.map((error) => error.subKind)).toEqual(["wrong_value", "wrong_tool"]);
    expect(verdict.primary?.subKind).toBe("wrong_tool");
  });
});

describe("checkCall", () => {
  it("checks nothing else when the function is wrong", () => {
    const check = checkCall(lookup, call("notify_manager", { nonsense: 1 }), schemas);
    expect(check.errors).toEqual([
      {
        kind: "tool_selection",
        subKind: "wrong_tool",
        callIndex: 0,
        tool: "get_employee",
        message: "Expected a call to get_employee; the run called notify_manager.",
      },
    ]);
  });

  it("names the parameter and the values in its messages", () => {
    const check = checkCall(
      leave,
      call("request_leave", { employee_id: "E-17", days: "three", kind: "sick" }),
      schemas,
    );
    expect(check.passed).toBe(false);
    expect(check.errors.map((error) => [error.subKind, error.parameter, error.message])).toEqual([
      ["wrong_type", "days", '"days" should be a number; the run passed a string: "three".'],
      ["wrong_value", "kind", '"kind" was "sick"; the case accepts one of "annual leave", "vacation".'],
    ]);
  });

  it("checks without schemas: the case's arguments are the parameters", () => {
    expect(checkCall(leave, okLeave).passed).toBe(true);
    expect(
      checkCall(leave, call("request_leave", { employee_id: "E-17", days: 3, kind: "vacation", x: 1 })).errors,
    ).toEqual([expect.objectContaining({ subKind: "unknown_parameter", parameter: "x" })]);
  });
});
