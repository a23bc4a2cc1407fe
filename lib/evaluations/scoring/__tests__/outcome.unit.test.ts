import { describe, expect, it } from "vitest";
import { applyStrictOutcome, callsFromEvents, caseOutcome, checkCase, outcomeText } from "..";
import type { RunEvent } from "../../../events";
import { leave, lookup, okLeave, okLookup, schemas } from "./checker-fixtures";

const at = new Date(0).toISOString();
const event = (seq: number, type: string, data: Record<string, unknown>) =>
  ({ runId: "r", seq, type, at, data }) as unknown as RunEvent;
const stepRef = (id: string) => ({ stepId: id, stepRunId: `${id}-1`, attempt: 1 });

describe("case outcome", () => {
  it("reads a tool's error onto the call it answered", () => {
    const calls = callsFromEvents([
      event(1, "step.tool_call", { ...stepRef("a"), server: "hr", tool: "get_employee", arguments: { id: "E1" } }),
      event(2, "step.output", { ...stepRef("a"), output: { name: "Ada" }, origin: "live" }),
      event(3, "step.tool_call", { ...stepRef("b"), server: "hr", tool: "apply_leave", arguments: { id: "E1" } }),
      event(4, "step.failed", { ...stepRef("b"), error: "Overlaps leave request LR-7.", durationMs: 3 }),
    ]);
    expect(calls.map((call) => call.error)).toEqual([undefined, "Overlaps leave request LR-7."]);
    const outcome = caseOutcome(calls, { status: "succeeded", error: null });
    expect(outcome).toMatchObject({ ok: false, toolErrors: [{ call: 2, tool: "apply_leave" }] });
    expect(outcomeText(outcome)).toBe("1 tool error");
  });

  it("is ok when every tool answered and the run succeeded; a failed run is not", () => {
    expect(caseOutcome([okLookup], { status: "succeeded", error: null })).toMatchObject({ ok: true });
    expect(outcomeText(caseOutcome([okLookup], { status: "succeeded", error: null }))).toBe("Tools answered");
    const failed = caseOutcome([okLookup], { status: "failed", error: "Budget exceeded" });
    expect(failed.ok).toBe(false);
    expect(outcomeText(failed)).toBe("Run failed");
  });

  it("fails only a strict case, naming the call and the tool's error", () => {
    const actual = [okLookup, { ...okLeave, error: "Overlaps leave request LR-7." }];
    const verdict = checkCase({ expectedCalls: [lookup, leave], actualCalls: actual, schemas });
    expect(verdict.passed).toBe(true);
    const outcome = caseOutcome(actual, { status: "succeeded", error: null });
    expect(applyStrictOutcome(verdict, outcome, false)).toBe(verdict);
    const strict = applyStrictOutcome(verdict, outcome, true);
    expect(strict.passed).toBe(false);
    expect(strict.primary).toMatchObject({ kind: "outcome", subKind: "tool_error", tool: "request_leave" });
    expect(strict.primary?.message).toContain("Call 2 (request_leave) was answered with an error: Overlaps");
  });
});
