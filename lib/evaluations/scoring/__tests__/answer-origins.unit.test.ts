import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../events";
import { callsFromEvents, checkCase, countAnswerOrigins, expectedAnswerSources } from "..";

const ref = (stepRunId: string) => ({ stepRunId, stepId: stepRunId.replace(/^sr-/, ""), iteration: 1 });
function event(seq: number, type: RunEvent["type"], data: unknown): RunEvent {
  return { runId: "run-1", seq, at: "2026-01-01T00:00:00.000Z", type, data } as RunEvent;
}
const toolCall = (seq: number, stepRunId: string, tool: string, args: Record<string, unknown> = {}) =>
  event(seq, "step.tool_call", { ...ref(stepRunId), server: "hr", tool, arguments: args, byModel: false });
const output = (seq: number, stepRunId: string, origin?: string) =>
  event(seq, "step.output", { ...ref(stepRunId), output: { ok: true }, ...(origin ? { origin } : {}) });

describe("where each call's answer came from", () => {
  it("takes each call's origin from its own step run's output, in seq order", () => {
    const events = [
      output(6, "sr-write", "simulated"),
      toolCall(1, "sr-look", "get_employee", { employee_id: "E1" }),
      output(2, "sr-look", "live"),
      toolCall(3, "sr-pin", "get_leave_balance"),
      output(4, "sr-pin", "pinned"),
      toolCall(5, "sr-write", "update_employee_contact", { employee_id: "E1" }),
      // A call that failed has no output, hence no origin; one stored before origins were recorded has none either.
      toolCall(7, "sr-failed", "apply_leave"),
      toolCall(8, "sr-old", "get_employee"),
      output(9, "sr-old"),
    ];
    const calls = callsFromEvents(events);
    expect(calls.map((call) => [call.tool, call.origin])).toEqual([
      ["get_employee", "live"],
      ["get_leave_balance", "pinned"],
      ["update_employee_contact", "simulated"],
      ["apply_leave", undefined],
      ["get_employee", undefined],
    ]);
    expect(calls[3]).not.toHaveProperty("origin");
    expect(countAnswerOrigins(calls)).toEqual({ live: 1, pinned: 1, simulated: 1 });
  });

  it("gives a re-run of a step run the origin of its own answer, not the first one's", () => {
    const events = [
      toolCall(1, "sr-a", "get_employee"),
      output(2, "sr-a", "live"),
      toolCall(3, "sr-a", "get_employee"),
      output(4, "sr-a", "pinned"),
    ];
    expect(callsFromEvents(events).map((call) => call.origin)).toEqual(["live", "pinned"]);
  });

  it("scores a simulated call like any other", () => {
    const events = [
      toolCall(1, "sr-w", "update_employee_contact", { employee_id: "E1" }),
      output(2, "sr-w", "simulated"),
    ];
    const verdict = checkCase({
      expectedCalls: [
        { tool: "update_employee_contact", arguments: { employee_id: { accepted: ["E2"], optional: false } } },
      ],
      actualCalls: callsFromEvents(events),
      expectedPath: [],
      actualPath: [],
    });
    expect(verdict.passed).toBe(false);
    expect(verdict.calls[0]!.actual).toMatchObject({ origin: "simulated" });
  });
});

describe("where an expected call's answer will come from", () => {
  const writes = new Set(["update_employee_contact", "apply_leave"]);
  const changesData = (tool: string) => writes.has(tool.replace(/^.*__/, "")) || tool === "unknown_tool";

  it("takes the k-th pin of a tool for its k-th call, then live for readers and simulated for writers", () => {
    const calls = [
      { tool: "get_employee" },
      { tool: "apply_leave" },
      { tool: "get_employee" },
      { tool: "apply_leave" },
      { tool: "hr__update_employee_contact" },
      { tool: "unknown_tool" },
    ];
    const pins = [{ tool: "hr/get_employee" }, { tool: "apply_leave" }];
    expect(expectedAnswerSources(calls, pins, changesData)).toEqual([
      "pinned",
      "pinned",
      "live",
      "simulated",
      "simulated",
      "simulated",
    ]);
  });

  it("says live or simulated for every call of a case that pins nothing", () => {
    expect(expectedAnswerSources([{ tool: "get_employee" }, { tool: "apply_leave" }], [], changesData)).toEqual([
      "live",
      "simulated",
    ]);
  });
});
