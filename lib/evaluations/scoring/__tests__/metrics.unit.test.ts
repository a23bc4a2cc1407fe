import { describe, expect, it } from "vitest";
import { checkCase, scoreResults, type ActualCall, type CaseVerdict, type ExpectedCall, type ResultStatus } from "..";

const expectedCalls: ExpectedCall[] = [
  { tool: "get_employee", arguments: { employee_id: { accepted: ["E-17"], optional: false } } },
  {
    tool: "request_leave",
    arguments: { employee_id: { accepted: ["E-17"], optional: false }, days: { accepted: [3], optional: false } },
  },
];
const right: ActualCall[] = [
  { tool: "get_employee", arguments: { employee_id: "E-17" } },
  { tool: "request_leave", arguments: { employee_id: "E-17", days: 3 } },
];
const wrongTool: ActualCall[] = [right[0], { tool: "cancel_leave", arguments: { employee_id: "E-17" } }];
const wrongParameter: ActualCall[] = [right[0], { tool: "request_leave", arguments: { employee_id: "E-17", days: 4 } }];
const missingCall: ActualCall[] = [right[0]];

type Result = { status: ResultStatus; verdict: CaseVerdict | null };
function judged(actualCalls: ActualCall[]): Result {
  const verdict = checkCase({ expectedCalls, actualCalls });
  return { status: verdict.passed ? "passed" : "failed", verdict };
}

describe("scoreResults", () => {
  it("gives a scripted suite's figures exactly: 3 wrong tools, 2 wrong parameters, 1 missing call of 20", () => {
    const results = [
      ...Array.from({ length: 14 }, () => judged(right)),
      ...Array.from({ length: 3 }, () => judged(wrongTool)),
      ...Array.from({ length: 2 }, () => judged(wrongParameter)),
      judged(missingCall),
    ];
    const score = scoreResults(results);
    expect(score).toEqual({
      cases: 20,
      passed: 14,
      accuracy: 14 / 20,
      // 20 cases × 2 expected calls; every case's first call is right, and 14 seconds.
      calls: 40,
      callsPassed: 34,
      callAccuracy: 34 / 40,
      errored: 0,
      skipped: 0,
      errors: { structural: 1, tool_selection: 3, parameter: 2, outcome: 0 },
      subKinds: {
        missing_call: 1,
        extra_call: 0,
        wrong_order: 0,
        wrong_path: 0,
        wrong_tool: 3,
        missing_parameter: 0,
        unknown_parameter: 0,
        wrong_type: 0,
        wrong_value: 2,
        tool_error: 0,
      },
    });
  });

  it("counts errored cases against accuracy but under no error kind, and skipped cases nowhere", () => {
    const score = scoreResults([
      judged(right),
      judged(wrongTool),
      { status: "error", verdict: null },
      { status: "skipped", verdict: null },
    ]);
    expect(score).toMatchObject({ cases: 3, passed: 1, errored: 1, skipped: 1, calls: 4, callsPassed: 3 });
    expect(score.accuracy).toBeCloseTo(1 / 3);
    expect(score.errors).toEqual({ structural: 0, tool_selection: 1, parameter: 0, outcome: 0 });
  });

  it("scores nothing as zero, not NaN", () => {
    expect(scoreResults([])).toMatchObject({ cases: 0, accuracy: 0, calls: 0, callAccuracy: 0 });
    expect(scoreResults([{ status: "skipped", verdict: null }])).toMatchObject({ cases: 0, accuracy: 0, skipped: 1 });
  });
});
