import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../events";
import { unhandledToolErrors } from "../tool-errors";

let seq = 0;
const event = (type: string, data: Record<string, unknown>) =>
  ({ runId: "r", seq: ++seq, at: "2025-01-01T00:00:00.000Z", type, data }) as unknown as RunEvent;
const ref = (stepRunId: string) => ({ stepRunId, stepId: stepRunId, iteration: 1 });
const call = (stepRunId: string, tool: string) =>
  event("step.tool_call", { ...ref(stepRunId), server: "hr", tool, arguments: {}, byModel: true });
const failed = (stepRunId: string, error: string) => event("step.failed", { ...ref(stepRunId), error, durationMs: 1 });
const output = (stepRunId: string) => event("step.output", { ...ref(stepRunId), output: { ok: true } });

describe("unhandledToolErrors", () => {
  it("finds a failed call the run went past, as when the model said the leave was booked after an overlap", () => {
    const events = [
      call("a", "get_employee"),
      output("a"),
      call("b", "apply_leave"),
      failed("b", "hr/apply_leave failed: Overlaps leave request LR-7"),
      call("c", "send_email_notification"),
      output("c"),
    ];
    expect(unhandledToolErrors(events)).toEqual([
      { tool: "hr/apply_leave", error: "hr/apply_leave failed: Overlaps leave request LR-7" },
    ]);
  });

  it("counts an error handled when a later call of the same tool succeeded (corrected arguments, a retry)", () => {
    expect(
      unhandledToolErrors([call("a", "apply_leave"), failed("a", "bad date"), call("b", "apply_leave"), output("b")]),
    ).toEqual([]);
    // A retry of the same step run that then succeeds.
    expect(unhandledToolErrors([call("a", "apply_leave"), failed("a", "timeout"), output("a")])).toEqual([]);
    // A success before the failure does not handle it, and events are read in seq order whatever order they come.
    const early = [call("a", "apply_leave"), output("a"), call("b", "apply_leave"), failed("b", "overlap")];
    expect(unhandledToolErrors([...early].reverse())).toEqual([{ tool: "hr/apply_leave", error: "overlap" }]);
  });

  it("ignores failed steps that made no tool call (a skill, a refused call)", () => {
    expect(unhandledToolErrors([failed("x", "The executor model failed")])).toEqual([]);
  });
});
