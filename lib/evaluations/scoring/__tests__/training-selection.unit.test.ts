import { describe, expect, it } from "vitest";
import { exclusionOf, minimumWarning, summarize, type RunVerdictInput } from "../training-selection";

const run = (overrides: Partial<RunVerdictInput> = {}): RunVerdictInput => ({
  status: "succeeded",
  evaluation: false,
  casePassed: null,
  unhandledToolErrors: 0,
  unreadableEvents: 0,
  ...overrides,
});

describe("exclusionOf", () => {
  it("takes a good run people started by default, and leaves out evaluation runs unless asked for", () => {
    expect(exclusionOf(run(), "runs")).toBeNull();
    expect(exclusionOf(run({ evaluation: true, casePassed: true }), "runs")).toBe("evaluation_run");
    expect(exclusionOf(run({ evaluation: true, casePassed: true }), "cases")).toBeNull();
    expect(exclusionOf(run(), "cases")).toBe("not_evaluation");
    expect(exclusionOf(run(), "all")).toBeNull();
    expect(exclusionOf(run({ evaluation: true, casePassed: true }), "all")).toBeNull();
  });

  it("leaves out runs that did not succeed, failed cases, and runs that went past a tool error", () => {
    for (const status of ["failed", "cancelled", "running", "waiting"])
      expect(exclusionOf(run({ status }), "all")).toBe("not_succeeded");
    expect(exclusionOf(run({ evaluation: true, casePassed: false }), "cases")).toBe("case_not_passed");
    expect(exclusionOf(run({ evaluation: true, casePassed: null }), "all")).toBe("case_not_passed");
    expect(exclusionOf(run({ unhandledToolErrors: 1 }), "runs")).toBe("unhandled_tool_error");
    expect(exclusionOf(run({ evaluation: true, casePassed: true, unhandledToolErrors: 2 }), "cases")).toBe(
      "unhandled_tool_error",
    );
  });

  it("leaves out a run with an event the server could not read, before judging the events it could", () => {
    expect(exclusionOf(run({ unreadableEvents: 1 }), "runs")).toBe("unreadable_events");
    expect(exclusionOf(run({ evaluation: true, casePassed: true, unreadableEvents: 1 }), "cases")).toBe(
      "unreadable_events",
    );
    expect(exclusionOf(run({ unreadableEvents: 2, unhandledToolErrors: 1 }), "all")).toBe("unreadable_events");
    expect(exclusionOf(run({ status: "failed", unreadableEvents: 1 }), "all")).toBe("not_succeeded");
  });
});

describe("summarize", () => {
  it("counts examples and each reason, in a fixed order, and examples with undefined tools", () => {
    expect(
      summarize([
        { reason: null, undefinedTools: false },
        { reason: "unhandled_tool_error", undefinedTools: false },
        { reason: null, undefinedTools: true },
        { reason: "evaluation_run", undefinedTools: false },
        { reason: "unhandled_tool_error", undefinedTools: true },
      ]),
    ).toEqual({
      examples: 2,
      excluded: [
        { reason: "evaluation_run", count: 1 },
        { reason: "unhandled_tool_error", count: 2 },
      ],
      undefinedTools: 1,
    });
  });
});

describe("minimumWarning", () => {
  it("warns below OpenAI's 10 examples, not at or above it, nor for an empty export or LLaMA-Factory", () => {
    expect(minimumWarning("openai", 2)).toBe(
      "OpenAI needs at least 10 examples to fine-tune; this export has 2. Widen the filter or run the routine more.",
    );
    expect(minimumWarning("openai", 10)).toBeNull();
    expect(minimumWarning("openai", 0)).toBeNull();
    expect(minimumWarning("llamafactory", 2)).toBeNull();
  });
});
