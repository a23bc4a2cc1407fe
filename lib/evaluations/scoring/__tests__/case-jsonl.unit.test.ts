import { describe, expect, it } from "vitest";
import { CASE_JSONL_LIMITS, casesToJsonl, parseCasesJsonl } from "../case-jsonl";
import type { TestCaseContent } from "../case-schema";

const leave: TestCaseContent = {
  name: "Annual leave for E1024",
  request: "Book annual leave for E1024 from 4 to 8 August.",
  inputs: { employee_id: "E1024" },
  expectedCalls: [
    { tool: "get_employee", arguments: { employee_id: { accepted: ["E1024"], optional: false } } },
    {
      tool: "apply_leave",
      arguments: {
        employee_id: { accepted: ["E1024"], optional: false },
        leave_type: { accepted: ["annual", "vacation"], optional: false },
        note: { accepted: [], optional: true },
      },
    },
  ],
  expectedPath: ["enough days"],
  pinnedOutputs: [{ tool: "get_employee", output: { id: "E1024", name: "Ada" } }],
  strict: true,
};
const balance: TestCaseContent = {
  name: "Balance",
  request: "How many days do I have left?",
  inputs: {},
  expectedCalls: [],
  expectedPath: [],
  pinnedOutputs: [],
  strict: false,
};

describe("parseCasesJsonl", () => {
  it("reads one case per non-blank line and fills the defaults, and round-trips the export", () => {
    const text = `${JSON.stringify(leave)}\n\n  \r\n{"name":"Balance","request":"How many days do I have left?"}\n`;
    const parsed = parseCasesJsonl(text);
    expect(parsed).toEqual({ ok: true, cases: [leave, balance] });
    expect(parseCasesJsonl(casesToJsonl([leave, balance]))).toEqual({ ok: true, cases: [leave, balance] });
  });

  it("names line 3 and the field when the third line is malformed, and returns no cases", () => {
    const lines = [
      JSON.stringify(leave),
      JSON.stringify(balance),
      JSON.stringify({ name: "Broken", request: "x", expectedCalls: [{ arguments: {} }] }),
      JSON.stringify(balance),
    ];
    const parsed = parseCasesJsonl(lines.join("\n"));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed).not.toHaveProperty("cases");
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]!.line).toBe(3);
    expect(parsed.errors[0]!.message).toMatch(/^expectedCalls\[0\]\.tool: /);
  });

  it("reports JSON syntax errors, non-objects and unknown fields each on their own line", () => {
    const text = [
      JSON.stringify(balance),
      '{"name": "half", "request": ',
      "[1, 2]",
      JSON.stringify({ ...balance, expected_calls: [] }),
      JSON.stringify({ request: "no name" }),
    ].join("\n");
    const parsed = parseCasesJsonl(text);
    if (parsed.ok) throw new Error("expected errors");
    expect(parsed.errors.map((error) => error.line)).toEqual([2, 3, 4, 5]);
    expect(parsed.errors[0]!.message).toMatch(/^Not valid JSON/);
    expect(parsed.errors[1]!.message).toMatch(/one JSON object/);
    expect(parsed.errors[2]!.message).toMatch(/^expected_calls: unknown field/);
    expect(parsed.errors[3]!.message).toMatch(/^name: /);
  });

  it("refuses an empty file, a file over the size limit and a file with too many lines", () => {
    expect(parseCasesJsonl("\n  \n")).toMatchObject({ ok: false, errors: [{ line: 1, message: /no cases/ }] });
    const huge = "x".repeat(CASE_JSONL_LIMITS.bytes + 1);
    expect(parseCasesJsonl(huge)).toMatchObject({ ok: false, errors: [{ message: /at most 5 MB/ }] });
    const many = `${JSON.stringify(balance)}\n`.repeat(CASE_JSONL_LIMITS.lines + 1);
    expect(parseCasesJsonl(many)).toMatchObject({ ok: false, errors: [{ message: /at most 5,000 cases/ }] });
  });

  it("stops listing errors at the cap", () => {
    const parsed = parseCasesJsonl("nope\n".repeat(CASE_JSONL_LIMITS.errors + 20));
    if (parsed.ok) throw new Error("expected errors");
    expect(parsed.errors).toHaveLength(CASE_JSONL_LIMITS.errors);
  });
});

describe("casesToJsonl", () => {
  it("writes one line per case with the fields in a fixed order and a final newline", () => {
    const text = casesToJsonl([balance, leave]);
    const lines = text.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(Object.keys(JSON.parse(lines[0]!))).toEqual([
      "name",
      "request",
      "inputs",
      "expectedCalls",
      "expectedPath",
      "pinnedOutputs",
      "strict",
    ]);
  });
});

describe("order-free groups in JSONL", () => {
  const lookups = {
    name: "Two lookups",
    request: "Who is E1024 and how many days are left?",
    expectedCalls: [
      { tool: "get_employee", arguments: {}, group: "lookups" },
      { tool: "get_leave_balance", arguments: {}, group: "lookups" },
      { tool: "apply_leave", arguments: {} },
    ],
  };

  it("keeps each expected call's group through an export and an import", () => {
    const parsed = parseCasesJsonl(JSON.stringify(lookups));
    if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join("; "));
    expect(parsed.cases[0]!.expectedCalls.map((c) => c.group)).toEqual(["lookups", "lookups", undefined]);
    const again = parseCasesJsonl(casesToJsonl(parsed.cases));
    expect(again).toEqual(parsed);
    expect(JSON.parse(casesToJsonl(parsed.cases)).expectedCalls[1]).toMatchObject({ group: "lookups" });
  });

  it("refuses the line of a case whose group is not consecutive", () => {
    const split = {
      ...lookups,
      expectedCalls: [lookups.expectedCalls[0], lookups.expectedCalls[2], lookups.expectedCalls[1]],
    };
    const parsed = parseCasesJsonl([JSON.stringify(balance), JSON.stringify(split)].join("\n"));
    expect(parsed).toEqual({
      ok: false,
      errors: [
        {
          line: 2,
          message:
            'expectedCalls: Calls 1 and 3 share the group "lookups" but are not next to each other: a group\'s calls must be consecutive.',
        },
      ],
    });
  });

  it("reports what the importer's own check finds on the line of that case", () => {
    const parsed = parseCasesJsonl([JSON.stringify(balance), JSON.stringify(lookups)].join("\n"), (content) =>
      content.expectedCalls.some((c) => c.group) ? ["expectedCalls: no groups here."] : [],
    );
    expect(parsed).toEqual({ ok: false, errors: [{ line: 2, message: "expectedCalls: no groups here." }] });
  });
});
