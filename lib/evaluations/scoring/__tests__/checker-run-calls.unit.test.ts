import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../events";
import { callsFromEvents, checkCase, pathFromEvents } from "..";

const ref = (stepId: string) => ({ stepRunId: `sr-${stepId}`, stepId, iteration: 1 });
let seq = 0;
function event(type: RunEvent["type"], data: unknown, at = ++seq): RunEvent {
  return { runId: "run-1", seq: at, at: "2026-01-01T00:00:00.000Z", type, data } as RunEvent;
}

// Written out of seq order on purpose: the store may hand events back in any order, seq is the truth.
const events: RunEvent[] = [
  event("run.started", { resumed: false }, 1),
  event("branch.taken", { stepId: "ok", edgeId: "e2", label: "approved", by: "model" }, 7),
  event(
    "step.tool_call",
    {
      ...ref("leave"),
      server: "hr",
      tool: "request_leave",
      arguments: { employee_id: "E-17", days: 3 },
      byModel: true,
    },
    8,
  ),
  event(
    "step.tool_call",
    { ...ref("lookup"), server: "hr", tool: "get_employee", arguments: { employee_id: "E-17" }, byModel: false },
    3,
  ),
  event("step.tool_refused", { ...ref("lookup"), tool: "delete_employee", reason: "not allowed", corrective: true }, 4),
  event("branch.taken", { stepId: "found", edgeId: "e1", label: "found", by: "expression" }, 5),
  event("step.output", { ...ref("lookup"), output: { name: "Ann" } }, 6),
  event("run.finished", { status: "succeeded", durationMs: 5, inputTokens: 1, outputTokens: 1 }, 9),
];

describe("reading a run's calls and path from its events", () => {
  it("takes the calls the engine sent, in seq order, by tool name; refused calls are not calls", () => {
    expect(callsFromEvents(events)).toEqual([
      { tool: "get_employee", arguments: { employee_id: "E-17" } },
      { tool: "request_leave", arguments: { employee_id: "E-17", days: 3 } },
    ]);
  });

  it("takes the branch labels in seq order", () => {
    expect(pathFromEvents(events)).toEqual(["found", "approved"]);
  });

  it("reads nothing from a run without calls or branches", () => {
    const quiet = [event("run.started", { resumed: false }, 1)];
    expect(callsFromEvents(quiet)).toEqual([]);
    expect(pathFromEvents(quiet)).toEqual([]);
  });

  it("feeds the checker", () => {
    const verdict = checkCase({
      expectedCalls: [
        { tool: "get_employee", arguments: { employee_id: { accepted: ["e-17"], optional: false } } },
        {
          tool: "request_leave",
          arguments: { employee_id: { accepted: [], optional: false }, days: { accepted: [3], optional: false } },
        },
      ],
      actualCalls: callsFromEvents(events),
      expectedPath: ["found", "approved"],
      actualPath: pathFromEvents(events),
    });
    expect(verdict.passed).toBe(true);
  });
});
