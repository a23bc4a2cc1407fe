import { describe, expect, it } from "vitest";
import {
  applyStrictOutcome,
  caseOutcome,
  checkCase,
  ERROR_SUB_KINDS,
  errorKindOf,
  type ActualCall,
  type ErrorSubKind,
  type ExpectedCall,
} from "..";
import type { JsonValue } from "../../../routine";
import { call, expect_, leave, lookup, notify, okLeave, okLookup, okNotify, schemas } from "./checker-fixtures";

type Row = {
  name: string;
  expected: ExpectedCall[];
  actual: ActualCall[];
  paths?: [string[], string[]];
  noSchemas?: boolean;
  /** A strict case: its outcome (tools' errors on the actual calls, the run's end) counts too. */
  strict?: boolean;
  /** Every error's sub-kind, in order; [] for a pass. The first of the most severe kind is the primary. */
  errors: ErrorSubKind[];
  primary?: ErrorSubKind;
};

const table: Row[] = [
  { name: "every call right", expected: [lookup, leave, notify], actual: [okLookup, okLeave, okNotify], errors: [] },
  // Outcome: a strict case also needs every tool to answer without an error
  {
    name: "a strict case whose right call a tool answered with an error",
    expected: [lookup, leave],
    actual: [okLookup, { ...okLeave, error: "Overlaps leave request LR-7." }],
    strict: true,
    errors: ["tool_error"],
  },
  {
    name: "the same call in a case that is not strict passes",
    expected: [lookup, leave],
    actual: [okLookup, { ...okLeave, error: "Overlaps leave request LR-7." }],
    errors: [],
  },
  {
    name: "a strict case with a wrong call and a tool error: the call's error is the headline",
    expected: [lookup, leave],
    actual: [
      okLookup,
      { ...call("request_leave", { employee_id: "E-99", days: 3, kind: "vacation" }), error: "No such employee." },
    ],
    strict: true,
    errors: ["wrong_value", "tool_error"],
  },
  { name: "no calls expected, none made", expected: [], actual: [], errors: [] },
  // Structural
  {
    name: "a dropped call in the middle is one missing call, not a cascade of wrong tools",
    expected: [lookup, leave, notify],
    actual: [okLookup, okNotify],
    errors: ["missing_call"],
  },
  { name: "a dropped last call", expected: [lookup, leave], actual: [okLookup], errors: ["missing_call"] },
  { name: "prose instead of calls", expected: [lookup, leave], actual: [], errors: ["missing_call", "missing_call"] },
  { name: "an extra call", expected: [lookup], actual: [okLookup, okNotify], errors: ["extra_call"] },
  { name: "a repeated call", expected: [lookup, leave], actual: [okLookup, okLookup, okLeave], errors: ["extra_call"] },
  {
    name: "the same calls in another order",
    expected: [lookup, leave, notify],
    actual: [okLeave, okLookup, okNotify],
    errors: ["wrong_order"],
  },
  {
    name: "a reordered call is still checked for its arguments",
    expected: [lookup, leave],
    actual: [call("request_leave", { employee_id: "E-17", days: 4, kind: "vacation" }), okLookup],
    errors: ["wrong_order", "wrong_value"],
    primary: "wrong_order",
  },
  {
    name: "the wrong branch",
    expected: [lookup],
    actual: [okLookup],
    paths: [["approved"], ["rejected"]],
    errors: ["wrong_path"],
  },
  { name: "a branch not taken", expected: [], actual: [], paths: [["approved"], []], errors: ["wrong_path"] },
  {
    name: "path labels compared normalized",
    expected: [lookup],
    actual: [okLookup],
    paths: [
      ["Manager approved", "Yes"],
      ["manager_approved", "yes"],
    ],
    errors: [],
  },
  {
    name: "an empty expected path is not checked",
    expected: [lookup],
    actual: [okLookup],
    paths: [[], ["anything"]],
    errors: [],
  },
  // Tool selection
  {
    name: "a wrong function where the counts match",
    expected: [lookup, leave],
    actual: [okLookup, okNotify],
    errors: ["wrong_tool"],
  },
  {
    name: "a wrong function and a missing call: the missing call is the headline",
    expected: [lookup, leave, notify],
    actual: [call("find_person"), okNotify],
    errors: ["wrong_tool", "missing_call"],
    primary: "missing_call",
  },
  // Parameters
  {
    name: "missing a parameter the schema requires, though the case marks it optional",
    expected: [expect_("get_employee", { "?employee_id": ["E-17"] })],
    actual: [call("get_employee", {})],
    errors: ["missing_parameter"],
  },
  {
    name: "missing a parameter the case requires, without a schema",
    expected: [expect_("get_employee", { employee_id: ["E-17"], include_history: [true] })],
    actual: [okLookup],
    noSchemas: true,
    errors: ["missing_parameter"],
  },
  {
    name: "a parameter the tool does not have",
    expected: [lookup],
    actual: [call("get_employee", { employee_id: "E-17", department: "HR" })],
    errors: ["unknown_parameter"],
  },
  {
    name: "a parameter the tool has but the case does not list (BFCL: unexpected)",
    expected: [lookup],
    actual: [call("get_employee", { employee_id: "E-17", include_history: false })],
    errors: ["unknown_parameter"],
  },
  {
    name: "without a schema, a parameter the case does not list",
    expected: [lookup],
    actual: [call("get_employee", { employee_id: "E-17", verbose: true })],
    noSchemas: true,
    errors: ["unknown_parameter"],
  },
  {
    name: "a string where a number is expected",
    expected: [leave],
    actual: [call("request_leave", { employee_id: "E-17", days: "3", kind: "vacation" })],
    errors: ["wrong_type"],
  },
  {
    name: "an integer where a number is expected (BFCL: int accepted as float)",
    expected: [expect_("request_leave", { employee_id: ["E-17"], days: [2.0] })],
    actual: [call("request_leave", { employee_id: "E-17", days: 2 })],
    errors: [],
  },
  {
    name: "a fraction where an integer is expected",
    expected: [expect_("request_leave", { employee_id: ["E-17"], days: [3], half_days: [] })],
    actual: [call("request_leave", { employee_id: "E-17", days: 3, half_days: 1.5 })],
    errors: ["wrong_type"],
  },
  {
    name: "a list with an item of the wrong type",
    expected: [expect_("get_employee", { employee_id: ["E-17"], fields: [] })],
    actual: [call("get_employee", { employee_id: "E-17", fields: ["name", 7] })],
    errors: ["wrong_type"],
  },
  {
    name: "null where a union type allows it",
    expected: [expect_("request_leave", { employee_id: ["E-17"], days: [3], "?note": [] })],
    actual: [call("request_leave", { employee_id: "E-17", days: 3, note: null })],
    errors: [],
  },
  {
    name: "a value not accepted",
    expected: [leave],
    actual: [call("request_leave", { employee_id: "E-17", days: 3, kind: "sick leave" })],
    errors: ["wrong_value"],
  },
  {
    name: "any of several accepted values, normalized",
    expected: [leave],
    actual: [call("request_leave", { employee_id: "e17", days: 3, kind: "VACATION" })],
    errors: [],
  },
  {
    name: "an empty accepted list takes any value",
    expected: [notify],
    actual: [call("notify_manager", { message: "anything at all" })],
    errors: [],
  },
  {
    name: "an optional parameter omitted",
    expected: [expect_("get_employee", { employee_id: ["E-17"], "?include_history": [false] })],
    actual: [okLookup],
    errors: [],
  },
  {
    name: "an optional parameter given a value not accepted",
    expected: [expect_("get_employee", { employee_id: ["E-17"], "?include_history": [false] })],
    actual: [call("get_employee", { employee_id: "E-17", include_history: true })],
    errors: ["wrong_value"],
  },
  {
    name: "nested lists and objects compared recursively",
    expected: [
      expect_("request_leave", {
        employee_id: ["E-17"],
        days: [3],
        period: [{ from: "2024-04-01", to: "2024-04-03", tags: ["Spring Break"] }],
      }),
    ],
    actual: [
      call("request_leave", {
        employee_id: "E-17",
        days: 3,
        period: { to: "2024/04/03", from: "2024 04 01", tags: ["spring-break"] },
      }),
    ],
    errors: [],
  },
  {
    name: "several parameter errors in one call, all reported",
    expected: [leave],
    actual: [call("request_leave", { employee_id: "E-99", kind: 5, extra: 1 })],
    errors: ["missing_parameter", "wrong_value", "wrong_type", "unknown_parameter"],
  },
];

describe("checkCase: the verdict table", () => {
  it.each(table)("$name", (row) => {
    const [expectedPath, actualPath] = row.paths ?? [[], []];
    const calls = checkCase({
      expectedCalls: row.expected,
      actualCalls: row.actual,
      expectedPath,
      actualPath,
      schemas: row.noSchemas ? undefined : schemas,
    });
    const outcome = caseOutcome(row.actual, { status: "succeeded", error: null });
    const verdict = applyStrictOutcome(calls, outcome, row.strict ?? false);
    expect(verdict.errors.map((error) => error.subKind)).toEqual(row.errors);
    expect(verdict.passed).toBe(row.errors.length === 0);
    expect(verdict.primary?.subKind ?? null).toBe(row.primary ?? row.errors[0] ?? null);
    for (const error of verdict.errors) expect(error.kind).toBe(errorKindOf(error.subKind));
  });

  it("covers every sub-kind", () => {
    const covered = new Set(table.flatMap((row) => row.errors));
    expect([...ERROR_SUB_KINDS].filter((sub) => !covered.has(sub))).toEqual([]);
  });
});

describe("checkCase: wrong-type messages", () => {
  const messageFor = (tool: string, args: Record<string, JsonValue>) => {
    const expected = expect_(tool, Object.fromEntries(Object.keys(args).map((name) => [name, []])));
    const verdict = checkCase({ expectedCalls: [expected], actualCalls: [call(tool, args)], schemas });
    return verdict.errors.find((error) => error.subKind === "wrong_type")?.message;
  };

  it("names a list and an object with their article, as the value's own type is named", () => {
    expect(messageFor("get_employee", { employee_id: "E-17", fields: "name" })).toBe(
      '"fields" should be a list; the run passed a string: "name".',
    );
    expect(messageFor("request_leave", { employee_id: "E-17", days: 3, period: [1] })).toMatch(
      /^"period" should be an object; the run passed a list/,
    );
    expect(messageFor("request_leave", { employee_id: "E-17", days: 3, note: 4 })).toMatch(
      /^"note" should be a string or null; the run passed an integer/,
    );
  });
});
