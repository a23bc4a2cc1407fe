import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../events";
import type { ToolDefinition } from "../../../routine";
import { GENERIC_SYSTEM_PROMPT, trajectoryFromRun } from "../training-trajectory";

const tool = (name: string, server = "hr"): ToolDefinition => ({
  server,
  name,
  description: `${name} does it`,
  inputSchema: { type: "object", properties: { employee_id: { type: "string" } }, required: ["employee_id"] },
});

let seq = 0;
const event = (type: RunEvent["type"], data: Record<string, unknown>): RunEvent =>
  ({ runId: "r1", seq: ++seq, at: "2025-01-01T00:00:00.000Z", type, data }) as RunEvent;
const ref = (stepRunId: string) => ({ stepRunId, stepId: stepRunId, iteration: 1 });
const call = (stepRunId: string, name: string, args: Record<string, unknown>, server = "hr") =>
  event("step.tool_call", { ...ref(stepRunId), server, tool: name, arguments: args, byModel: true });
const output = (stepRunId: string, value: Record<string, unknown>) =>
  event("step.output", { ...ref(stepRunId), output: value });
const finished = (outputs?: Record<string, unknown>) =>
  event("run.finished", { status: "succeeded", outputs, durationMs: 5, inputTokens: 0, outputTokens: 0 });

describe("trajectoryFromRun", () => {
  it("pairs each tool call with its step's output in order and takes the agent's answer", () => {
    const events = [
      event("run.started", { resumed: false }),
      call("s1", "get_employee", { employee_id: "E1" }),
      event("step.started", { ...ref("s2"), attempt: 1 }),
      output("s1", { employee: { name: "Ada", team: "R&D" } }),
      call("s2", "get_leave_balance", { employee_id: "E1" }),
      output("s2", { balance: 12 }),
      finished({ answer: "Ada has 12 days left." }),
    ];
    const trajectory = trajectoryFromRun({
      routineText: "Step 1. Look up the employee.",
      request: "How many days does E1 have?",
      inputs: {},
      events,
      tools: [tool("get_employee"), tool("get_leave_balance")],
    });
    expect(trajectory.system).toContain("Step 1. Look up the employee.");
    expect(trajectory.calls).toEqual([
      { id: "call_1", tool: "get_employee", arguments: { employee_id: "E1" }, output: { name: "Ada", team: "R&D" } },
      { id: "call_2", tool: "get_leave_balance", arguments: { employee_id: "E1" }, output: 12 },
    ]);
    expect(trajectory.answer).toBe("Ada has 12 days left.");
  });

  it("uses the generic prompt without the routine and a workflow's outputs as JSON text", () => {
    const trajectory = trajectoryFromRun({
      routineText: null,
      request: null,
      inputs: { employee_id: "E1" },
      events: [finished({ balance: 12, ok: true })],
      tools: [],
    });
    expect(trajectory.system).toBe(GENERIC_SYSTEM_PROMPT);
    expect(JSON.parse(trajectory.answer)).toEqual({ balance: 12, ok: true });
    expect(trajectory.request).toBe("");
  });

  it("replaces variable stubs with the full value and an argument naming the key with that value", () => {
    const big = { rows: Array.from({ length: 50 }, (_, i) => ({ id: i })) };
    const events = [
      call("s1", "list_employees", {}),
      output("s1", { employees: { $var: "VAR_s1_1", preview: '{"rows":[{"id":0}…' } }),
      call("s2", "summarize_rows", { employee_id: "VAR_s1_1" }),
      output("s2", { result: "fine" }),
      finished({ answer: "done" }),
    ];
    const tools = [tool("list_employees"), tool("summarize_rows")];
    const resolved = trajectoryFromRun({
      routineText: null,
      request: "List",
      inputs: {},
      events,
      tools,
      resolveVariable: (key) => (key === "VAR_s1_1" ? big : undefined),
    });
    expect(resolved.calls[0].output).toEqual(big);
    expect(resolved.calls[1].arguments).toEqual({ employee_id: big });

    const kept = trajectoryFromRun({ routineText: null, request: "List", inputs: {}, events, tools });
    expect(kept.calls[0].output).toEqual({ $var: "VAR_s1_1", preview: '{"rows":[{"id":0}…' });
    expect(kept.calls[1].arguments).toEqual({ employee_id: "VAR_s1_1" });
  });

  it("answers a failed call with its error, adds a called tool missing from the list, names clashing tools apart", () => {
    const events = [
      call("s1", "lookup", { q: "x" }, "crm"),
      event("step.failed", { ...ref("s1"), error: "timeout", durationMs: 3 }),
      call("s2", "lookup", { q: "y" }, "hr"),
      output("s2", { result: "y found" }),
      finished({}),
    ];
    const trajectory = trajectoryFromRun({
      routineText: null,
      request: "Find y",
      inputs: {},
      events,
      tools: [tool("lookup", "hr")],
    });
    expect(trajectory.calls.map((c) => [c.tool, c.output])).toEqual([
      ["crm__lookup", "Error: timeout"],
      ["hr__lookup", "y found"],
    ]);
    expect(trajectory.tools.map((t) => `${t.server}/${t.name}`)).toEqual(["hr/lookup", "crm/lookup"]);
    expect(trajectory.answer).toBe("Done.");
    // Without a definition to go by, the called tool carries a note, and the trajectory says which tools lack one.
    expect(trajectory.tools[1]!.description).toMatch(/No definition of this tool was found.*\(crm\/lookup\)/);
    expect(trajectory.undefinedTools).toEqual(["crm/lookup"]);
  });

  it("declares a tool called outside the list by its registry definition (a planned run's, a baseline's)", () => {
    const trajectory = trajectoryFromRun({
      routineText: null,
      request: "Look up E1",
      inputs: {},
      events: [call("s1", "get_employee", { employee_id: "E1" }), output("s1", { employee: 1 }), finished({})],
      tools: [],
      definitionOf: (ref) => (ref.name === "get_employee" ? tool("get_employee") : null),
    });
    expect(trajectory.tools).toEqual([tool("get_employee")]);
    expect(trajectory.undefinedTools).toEqual([]);
  });

  it("reads events in seq order even when given out of order", () => {
    const events = [
      call("s1", "get_employee", { employee_id: "E1" }),
      output("s1", { employee: 1 }),
      finished({ answer: "ok" }),
    ];
    const trajectory = trajectoryFromRun({
      routineText: null,
      request: "x",
      inputs: {},
      events: [...events].reverse(),
      tools: [tool("get_employee")],
    });
    expect(trajectory.calls).toHaveLength(1);
    expect(trajectory.calls[0].output).toBe(1);
  });
});
