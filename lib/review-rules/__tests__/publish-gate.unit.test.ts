import { describe, expect, it } from "vitest";
import {
  formatAccuracy,
  gateRefusal,
  overrideReasonSchema,
  publishGate,
  type SuiteScores,
  type SuiteVersionScore,
} from "../publish-gate";

const at = new Date("2026-11-20T10:00:00Z");
const score = (passed: number, cases: number, evalRunId = "run-1"): SuiteVersionScore => ({
  evalRunId,
  finishedAt: at,
  score: { passed, cases, accuracy: cases === 0 ? 0 : passed / cases },
});
const suite = (name: string, byVersion: SuiteScores["byVersion"]): SuiteScores => ({
  suiteId: `suite-${name}`,
  suiteName: name,
  byVersion,
});

describe("publishGate", () => {
  const table: Array<{
    name: string;
    suites: SuiteScores[];
    published: string | null;
    blocked: boolean;
    lower: boolean[];
  }> = [
    {
      name: "lower on the one suite both ran → blocked",
      suites: [suite("Smoke", { v3: score(3, 5), v2: score(4, 5) })],
      published: "v2",
      blocked: true,
      lower: [true],
    },
    {
      name: "equal accuracy over different case counts → not blocked",
      suites: [suite("Smoke", { v3: score(8, 10), v2: score(4, 5) })],
      published: "v2",
      blocked: false,
      lower: [false],
    },
    {
      name: "higher → not blocked",
      suites: [suite("Smoke", { v3: score(5, 5), v2: score(4, 5) })],
      published: "v2",
      blocked: false,
      lower: [false],
    },
    {
      name: "lower on one of two suites → blocked, only that row lower",
      suites: [
        suite("Smoke", { v3: score(5, 5), v2: score(4, 5) }),
        suite("Full", { v3: score(79, 100), v2: score(80, 100) }),
      ],
      published: "v2",
      blocked: true,
      lower: [false, true],
    },
    {
      name: "only the candidate ran the suite → shown, not blocked",
      suites: [suite("Smoke", { v3: score(1, 5) })],
      published: "v2",
      blocked: false,
      lower: [false],
    },
    {
      name: "only the published version ran the suite → shown, not blocked",
      suites: [suite("Smoke", { v2: score(5, 5) })],
      published: "v2",
      blocked: false,
      lower: [false],
    },
    {
      name: "nothing published → never blocked",
      suites: [suite("Smoke", { v3: score(0, 5), v2: score(5, 5) })],
      published: null,
      blocked: false,
      lower: [false],
    },
    {
      name: "a result over zero cases is no score",
      suites: [suite("Smoke", { v3: score(0, 0), v2: score(5, 5) })],
      published: "v2",
      blocked: false,
      lower: [false],
    },
    { name: "no scores at all → no rows, not blocked", suites: [], published: "v2", blocked: false, lower: [] },
    {
      name: "a suite neither version ran is left out",
      suites: [suite("Other", { v1: score(5, 5) }), suite("Smoke", { v3: score(2, 5), v2: score(3, 5) })],
      published: "v2",
      blocked: true,
      lower: [true],
    },
  ];

  it.each(table)("$name", ({ suites, published, blocked, lower }) => {
    const gate = publishGate("v3", published, suites);
    expect(gate.blocked).toBe(blocked);
    expect(gate.rows.map((row) => row.lower)).toEqual(lower);
  });

  it("carries both scores and the suite runs they come from", () => {
    const gate = publishGate("v3", "v2", [suite("Smoke", { v3: score(3, 5, "run-b"), v2: score(4, 5, "run-a") })]);
    expect(gate.rows).toEqual([
      {
        suiteId: "suite-Smoke",
        suiteName: "Smoke",
        candidate: { accuracy: 0.6, cases: 5, passed: 3, evalRunId: "run-b", finishedAt: at },
        published: { accuracy: 0.8, cases: 5, passed: 4, evalRunId: "run-a", finishedAt: at },
        lower: true,
        lift: null,
        reason: "Lower accuracy (60.0% vs 80.0%): the gate compares point figures.",
      },
    ]);
  });

  it("the refusal names every lower suite with both scores", () => {
    const gate = publishGate("v3", "v2", [
      suite("Smoke", { v3: score(3, 5), v2: score(4, 5) }),
      suite("Edge cases", { v3: score(5, 6), v2: score(6, 6) }),
      suite("Fine", { v3: score(6, 6), v2: score(6, 6) }),
    ]);
    expect(gateRefusal(gate, { candidate: 3, published: 2 })).toBe(
      "Version 3 scores lower than the published version 2 on “Smoke” (60.0% vs 80.0%) and “Edge cases” (83.3% vs 100.0%). " +
        "Publishing it anyway needs an override with a reason.",
    );
  });
});

describe("formatAccuracy and the override reason", () => {
  it("formats one decimal", () => {
    expect([0, 1 / 3, 0.5, 0.9995, 1].map(formatAccuracy)).toEqual(["0.0%", "33.3%", "50.0%", "100.0%", "100.0%"]);
  });

  it("accepts 10 to 1000 characters after trimming", () => {
    expect(overrideReasonSchema.safeParse("  too short ").success).toBe(false);
    expect(overrideReasonSchema.parse("  The new step fixes a bug the suite misses.  ")).toBe(
      "The new step fixes a bug the suite misses.",
    );
    expect(overrideReasonSchema.safeParse("x".repeat(1000)).success).toBe(true);
    expect(overrideReasonSchema.safeParse("x".repeat(1001)).success).toBe(false);
  });
});

describe("publishGate under the interval rule", () => {
  // Case by case: `pattern` says which of n cases passed ("1") or failed ("0"), one trial each.
  const judged = (pattern: string, evalRunId = "run-1"): SuiteVersionScore => {
    const outcomes = [...pattern].map((bit, index) => ({ caseId: `case-${index}`, trial: 0, passed: bit === "1" }));
    const passed = outcomes.filter((outcome) => outcome.passed).length;
    return { ...score(passed, outcomes.length, evalRunId), outcomes };
  };

  it("passes a lower point figure that the paired interval cannot tell from zero, and says why", () => {
    // 3/5 vs 4/5: one case differs. Blocked on point figures, not on the interval.
    const suites = [suite("Smoke", { v3: judged("11100"), v2: judged("11110") })];
    expect(publishGate("v3", "v2", suites, "point")).toMatchObject({ blocked: true, rule: "point" });
    const gate = publishGate("v3", "v2", suites, "interval");
    expect(gate).toMatchObject({ blocked: false, rule: "interval" });
    expect(gate.rows[0]!.lift).toMatchObject({ pairedCases: 5, verdict: "indistinguishable" });
    expect(gate.rows[0]!.reason).toMatch(/^Not distinguishably worse: −20\.0 points \(95% interval/);
  });

  it("blocks a drop distinguishable from zero, naming the interval", () => {
    // 2/12 vs 12/12: ten cases the published version passes and the candidate fails.
    const gate = publishGate(
      "v3",
      "v2",
      [suite("Leave", { v3: judged("110000000000"), v2: judged("111111111111") })],
      "interval",
    );
    expect(gate.blocked).toBe(true);
    expect(gate.rows[0]!.lift?.verdict).toBe("worse");
    expect(gate.rows[0]!.reason).toMatch(/^Distinguishably worse: −83\.3 points/);
  });

  it("falls back to point figures when the versions share no judged case", () => {
    const gate = publishGate("v3", "v2", [suite("Smoke", { v3: score(3, 5), v2: score(4, 5) })], "interval");
    expect(gate.blocked).toBe(true);
    expect(gate.rows[0]!.reason).toContain("no case both versions ran: compared on point figures");
  });
});
