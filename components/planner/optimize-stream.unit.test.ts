import { describe, expect, it } from "vitest";
import type { OptimizeEvent } from "@/lib/planner/contract";
import { afterOptimizeEvent, interruption, refusal, type OptimizeState, type RunningPhase } from "./optimize-stream";

type Progress = Extract<OptimizeEvent, { phase: RunningPhase }>;
const progress = (phase: RunningPhase, overrides: Partial<Progress> = {}): Progress => ({
  phase,
  attempt: 1,
  message: `${phase}…`,
  percent: 10,
  ...overrides,
});
const done: OptimizeEvent = {
  phase: "done",
  attempt: 2,
  message: "Saved as v4.",
  percent: 100,
  versionId: "ver4",
  versionNumber: 4,
  reviewUrl: "/routines/r1/review/4",
  repairCount: 1,
  model: "gpt-4o",
  usage: { inputTokens: 900, outputTokens: 300 },
  warnings: 0,
};

/** The dialog after a whole stream, from the first line on, as the hook follows it. */
function follow(events: OptimizeEvent[]): OptimizeState {
  let seen: RunningPhase[] = [];
  let state: OptimizeState = { status: "idle" };
  for (const event of events) {
    state = afterOptimizeEvent(event, seen);
    if (state.status === "running") seen = state.seen;
  }
  return state;
}

describe("afterOptimizeEvent", () => {
  it("shows the phase, message, progress and attempt the planner reports", () => {
    expect(afterOptimizeEvent(progress("validating", { percent: 40, attempt: 2, message: "Checking" }), [])).toEqual({
      status: "running",
      phase: "validating",
      message: "Checking",
      percent: 40,
      attempt: 2,
      seen: ["validating"],
    });
  });

  it("lists each phase once in a row, and again when a repair loop comes back to it", () => {
    const state = follow([
      progress("planning"),
      progress("planning", { percent: 20 }),
      progress("validating"),
      progress("repairing"),
      progress("validating"),
    ]);
    expect(state).toMatchObject({ status: "running", seen: ["planning", "validating", "repairing", "validating"] });
  });

  it("ends with the new version and the phases it went through", () => {
    const state = follow([progress("planning"), progress("saving"), done]);
    expect(state).toEqual({ status: "done", result: done, seen: ["planning", "saving"] });
  });

  it("ends in a failure with the planner's code, words and the problems it could not repair", () => {
    const issues = [{ stepId: "s2", path: "steps.1.tool", message: "Unknown tool" }];
    const failed: OptimizeEvent = {
      phase: "failed",
      attempt: 3,
      message: "Still invalid after 3 repairs.",
      percent: 90,
      code: "invalid_after_repairs",
      issues,
    };
    expect(follow([progress("planning"), progress("repairing"), failed])).toEqual({
      status: "failed",
      kind: "invalid_after_repairs",
      message: "Still invalid after 3 repairs.",
      issues,
      seen: ["planning", "repairing"],
    });
  });

  it("lists no problems for a failure that names none", () => {
    const failed: OptimizeEvent = { phase: "failed", attempt: 1, message: "No model", percent: 5, code: "model_error" };
    expect(afterOptimizeEvent(failed, [])).toMatchObject({ kind: "model_error", issues: [] });
  });

  it("leaves the phases seen before untouched", () => {
    const seen: RunningPhase[] = ["planning"];
    afterOptimizeEvent(progress("validating"), seen);
    expect(seen).toEqual(["planning"]);
  });
});

describe("refusal", () => {
  it("shows the server's reason and code, such as no planner model configured", () => {
    expect(refusal(503, { error: "No planner model is configured.", code: "not_configured" })).toEqual({
      kind: "not_configured",
      message: "No planner model is configured.",
    });
  });

  it("names the HTTP status when the server gave no reason", () => {
    expect(refusal(500, null)).toEqual({
      kind: "refused",
      message: "The server refused the request (HTTP 500). Nothing was saved.",
    });
  });
});

describe("interruption", () => {
  it("says a cancelled run saved nothing", () => {
    expect(interruption(true, "streaming")).toEqual({ kind: "cancelled", message: "Cancelled. Nothing was saved." });
    expect(interruption(true, "connecting").kind).toBe("cancelled");
  });

  it("says nothing was saved when the server could not be reached", () => {
    expect(interruption(false, "connecting")).toMatchObject({ kind: "network", message: /nothing was saved/ });
  });

  it("asks to reload when the stream broke midway, since a version may have been saved", () => {
    expect(interruption(false, "streaming")).toMatchObject({
      kind: "network",
      message: /Reload the page to see whether a new version was saved/,
    });
  });
});
