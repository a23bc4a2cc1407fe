import { describe, expect, it } from "vitest";
import { parseRunEvent, type RunEvent } from "../../../events";
import { caseFromRun } from "../case-from-run";

let seq = 0;
function event(type: string, data: Record<string, unknown>): RunEvent {
  const parsed = parseRunEvent({ runId: "r1", seq: ++seq, at: "2025-01-01T00:00:00.000Z", type, data });
  if (!parsed) throw new Error(`bad ${type} event`);
  return parsed;
}
const ref = (stepRunId: string, stepId: string) => ({ stepRunId, stepId, iteration: 1 });
const toolCall = (stepRunId: string, tool: string, args: Record<string, unknown>, byModel = false) =>
  event("step.tool_call", { ...ref(stepRunId, tool), server: "hr", tool, arguments: args, byModel });
const output = (stepRunId: string, outputs: Record<string, unknown>, variableKey?: string) =>
  event("step.output", { ...ref(stepRunId, "s"), output: outputs, ...(variableKey ? { variableKey } : {}) });

const base = { name: "Leave for E1024", request: "Book leave for E1024", inputs: { employee_id: "E1024" } };

describe("caseFromRun", () => {
  it("records the calls in order with their values accepted, their outputs pinned and the branch path", () => {
    const events = [
      event("run.started", { resumed: false }),
      toolCall("sr1", "get_employee", { employee_id: "E1024" }),
      output("sr1", { employee: { id: "E1024", name: "Ada" } }),
      event("branch.taken", { stepId: "check", edgeId: "e2", label: "enough days", by: "expression" }),
      output("sr2", { decision: "enough days" }),
      toolCall("sr3", "apply_leave", { employee_id: "E1024", days: 3, dates: ["2025-08-04"] }, true),
      output("sr3", { request: "LR-1", status: "booked" }),
    ];
    expect(caseFromRun({ ...base, events })).toEqual({
      ...base,
      expectedCalls: [
        { tool: "get_employee", arguments: { employee_id: { accepted: ["E1024"], optional: false } } },
        {
          tool: "apply_leave",
          arguments: {
            employee_id: { accepted: ["E1024"], optional: false },
            days: { accepted: [3], optional: false },
            dates: { accepted: [["2025-08-04"]], optional: false },
          },
        },
      ],
      expectedPath: ["enough days"],
      pinnedOutputs: [
        { tool: "get_employee", output: { id: "E1024", name: "Ada" } },
        // Several declared outputs stay a record.
        { tool: "apply_leave", output: { request: "LR-1", status: "booked" } },
      ],
      strict: false,
    });
  });

  it("keeps a variable-memory stub unless a resolver gives the full value", () => {
    const stub = { $var: "VAR_list_1", preview: "[{…" };
    const events = [toolCall("sr1", "list_employees", {}), output("sr1", { employees: stub }, "VAR_list_1")];
    expect(caseFromRun({ ...base, events }).pinnedOutputs).toEqual([{ tool: "list_employees", output: stub }]);
    const full = [{ id: "E1" }, { id: "E2" }];
    const resolved = caseFromRun({
      ...base,
      events,
      resolveVariable: (key) => (key === "VAR_list_1" ? full : undefined),
    });
    expect(resolved.pinnedOutputs).toEqual([{ tool: "list_employees", output: full }]);
    expect(caseFromRun({ ...base, events, resolveVariable: () => undefined }).pinnedOutputs[0]!.output).toEqual(stub);
  });

  it("stops pinning a tool's outputs at its first call without one, so the k-th call keeps the k-th output", () => {
    const events = [
      toolCall("a1", "send_email", { to: "E1" }),
      event("step.failed", { ...ref("a1", "mail"), error: "timeout", durationMs: 5 }),
      toolCall("a2", "send_email", { to: "E1" }),
      output("a2", { message: "sent" }),
      toolCall("b1", "get_employee", { employee_id: "E1" }),
      output("b1", { result: { id: "E1" } }),
    ];
    const content = caseFromRun({ ...base, events });
    expect(content.expectedCalls.map((call) => call.tool)).toEqual(["send_email", "send_email", "get_employee"]);
    expect(content.pinnedOutputs).toEqual([{ tool: "get_employee", output: { id: "E1" } }]);
  });

  it("works from agent runs, where one step run may call more than once", () => {
    const events = [
      toolCall("agent", "get_employee", { employee_id: "E1" }, true),
      output("agent", { result: "first" }),
      toolCall("agent", "get_employee", { employee_id: "E2" }, true),
      output("agent", { result: "second" }),
    ];
    const content = caseFromRun({ ...base, events });
    expect(content.expectedCalls).toHaveLength(2);
    expect(content.pinnedOutputs.map((pin) => pin.output)).toEqual(["first", "second"]);
  });

  it("pins no simulated answer: an evaluation's stand-in for a tool that changes data is no real output", () => {
    const events = [
      toolCall("sa", "get_employee", { employee_id: "E1024" }),
      event("step.output", { ...ref("sa", "s"), output: { employee: { id: "E1024" } }, origin: "live" }),
      toolCall("sb", "apply_leave", { employee_id: "E1024" }),
      event("step.output", { ...ref("sb", "s"), output: { request: { simulated: true } }, origin: "simulated" }),
    ];
    const content = caseFromRun({ ...base, events });
    expect(content.expectedCalls.map((call) => call.tool)).toEqual(["get_employee", "apply_leave"]);
    expect(content.pinnedOutputs).toEqual([{ tool: "get_employee", output: { id: "E1024" } }]);
  });

  it("refuses a run without a name or request", () => {
    expect(() => caseFromRun({ ...base, name: " ", events: [] })).toThrow(/Give the case a name/);
  });
});
