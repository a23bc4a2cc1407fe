import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../llm";
import { humanStep, makeRoutine, toolStep, chain, endStep } from "../../../routine/testing/factories";
import { isAgentCallStepId } from "../agent-mapping";
import { toolError } from "../testing";
import { HR_TOOLS, dataOf, expectConsistentLog } from "./support";
import { agentHarness, BASELINE, call, scriptedTurns } from "./agent-support";

type ToolMessage = Extract<ChatMessage, { role: "tool" }>;
const toolMessages = (messages: ChatMessage[]) => messages.filter((m): m is ToolMessage => m.role === "tool");

describe("agent mode over a routine with a branch", () => {
  it("lets the model call each tool, maps the calls to the steps and the branch, and answers", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" }, "a1")] },
      { content: "The balance covers it.", toolCalls: [call("apply_leave", { employee_id: "E7", days: 3 }, "a2")] },
      { toolCalls: [call("notify_employee", { employee_id: "E7", message: "Booked." }, "a3")] },
      { content: "Your 3 days of leave are booked." },
    ]);
    const h = agentHarness({ model });
    expect(await h.execute()).toBe("succeeded");

    expect(h.tools.calls.map((c) => [c.tool.name, c.args])).toEqual([
      ["get_leave_balance", { employee_id: "E7" }],
      ["apply_leave", { employee_id: "E7", days: 3 }],
      ["notify_employee", { employee_id: "E7", message: "Booked." }],
    ]);
    const steps = h.steps();
    expect(steps.filter((run) => run.state !== "skipped").map((run) => [run.stepId, run.state])).toEqual([
      ["check", "succeeded"],
      ["eligible", "succeeded"],
      ["approve", "succeeded"],
      ["confirm", "succeeded"],
      // The end the last call leads to is reached, as in a workflow run; the arm not taken is skipped.
      ["done", "succeeded"],
    ]);
    expect(steps.filter((run) => run.state === "skipped").map((run) => run.stepId)).toEqual(["reject"]);
    expect(dataOf(h.events(), "branch.taken")).toEqual([
      { stepId: "eligible", edgeId: "eligible-approve", label: "the balance covers the request", by: "model" },
    ]);
    const toolCalls = dataOf(h.events(), "step.tool_call");
    expect(toolCalls.map((data) => [data.stepId, data.tool, data.byModel])).toEqual([
      ["check", "get_leave_balance", true],
      ["approve", "apply_leave", true],
      ["confirm", "notify_employee", true],
    ]);
    // Each call has the idempotency key of its step run and names the run.
    for (const [at, fake] of h.tools.calls.entries()) {
      expect(fake.idempotencyKey).toBe(`${h.runId}:${toolCalls[at].stepRunId}`);
      expect(fake.runId).toBe(h.runId);
    }
    expect(h.store.run(h.runId).outputs).toEqual({ answer: "Your 3 days of leave are booked." });
    expect(dataOf(h.events(), "agent.turn").map((data) => [data.turn, data.toolCalls.map((c) => c.name)])).toEqual([
      [1, ["get_leave_balance"]],
      [2, ["apply_leave"]],
      [3, ["notify_employee"]],
      [4, []],
    ]);
    expect(dataOf(h.events(), "run.finished").at(-1)).toMatchObject({ status: "succeeded" });
    expect(dataOf(h.events(), "progress.updated").at(-1)).toEqual({
      done: ["check", "eligible", "approve", "confirm"],
      current: null,
    });

    // The model sees only the routine's tools, and every result comes back as a tool message with its call's id.
    const requests = model.requests;
    expect(requests).toHaveLength(4);
    for (const request of requests) {
      expect(request.purpose).toBe("executor.agent");
      expect(request.toolChoice).toBe("auto");
      expect(request.tools!.map((tool) => tool.name).sort()).toEqual([
        "apply_leave",
        "get_leave_balance",
        "notify_employee",
      ]);
      expect(request.context).toEqual({ runId: h.runId, routineId: "leave_request", versionId: "leave_request@1" });
    }
    const last = requests[3].messages;
    expect(toolMessages(last).map((m) => m.toolCallId)).toEqual(["a1", "a2", "a3"]);
    expect(toolMessages(last)[0].content).toBe('{"employee_id":"E7","days":12}');
    expect(last[1]).toEqual({ role: "user", content: expect.stringContaining("I want 3 days of leave.") });
    expect(last[1].content).toContain('"employee_id": "E7"');
    const system = h.system(3);
    expect(system).toContain("## Routine\nRoutine: Apply for leave");
    expect(system).toContain("Step 1. Check leave balance: look up the remaining leave, input employee id");
    expect(system).toContain("using get_leave_balance tool;");
    expect(system).toContain("- [x] Step 1. Check leave balance");
    expect(system).toContain("- [ ] Branch 2-2 Step 1. Reject");
    expect(h.system(0)).toContain("- [ ] Step 1. Check leave balance");
    expectConsistentLog(h);
  });

  it("maps a notification right after the check to the branch arm that rejects", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { toolCalls: [call("notify_employee", { employee_id: "E7", message: "Not enough days." })] },
      { content: "Rejected: not enough days." },
    ]);
    const h = agentHarness({ model, handlers: { get_leave_balance: () => ({ days: 1 }) } });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "step.tool_call").map((data) => data.stepId)).toEqual(["check", "reject"]);
    expect(dataOf(h.events(), "branch.taken").map((data) => data.label)).toEqual([
      "the balance does not cover the request",
    ]);
  });

  it("finishes at once on a prose-only first answer, with no calls", async () => {
    const model = scriptedTurns([{ content: "I cannot help with that." }]);
    const h = agentHarness({ model });
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.calls).toHaveLength(0);
    expect(h.store.run(h.runId).outputs).toEqual({ answer: "I cannot help with that." });
    expect(h.steps().every((run) => run.state === "skipped")).toBe(true);
    expectConsistentLog(h);
  });
});

describe("refused calls", () => {
  it("refuses a tool outside the allowlist, tells the model, and goes on", async () => {
    const model = scriptedTurns([
      {
        toolCalls: [
          call("delete_employee", { employee_id: "E7" }, "bad"),
          call("get_leave_balance", { employee_id: "E7" }, "ok"),
        ],
      },
      { content: "Balance checked." },
    ]);
    const h = agentHarness({ model });
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("delete_employee")).toHaveLength(0);
    expect(dataOf(h.events(), "agent.call_refused")).toEqual([
      { turn: 1, tool: "delete_employee", reason: "delete_employee is not one of the tools offered for this run." },
    ]);
    const replies = toolMessages(model.requests[1].messages);
    expect(replies.map((m) => m.toolCallId)).toEqual(["bad", "ok"]);
    expect(replies[0].content).toMatch(/^Refused, not run: delete_employee is not one of the tools offered/);
    expect(dataOf(h.events(), "step.tool_call").map((data) => data.stepId)).toEqual(["check"]);
    expectConsistentLog(h);
  });

  it("refuses arguments that are not JSON or break the tool's schema, and runs the corrected call", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", "{employee_id: E7", "broken")] },
      { toolCalls: [call("apply_leave", { employee_id: "E7", days: "three" }, "typed")] },
      { toolCalls: [call("apply_leave", { employee_id: "E7", days: 3 }, "fixed")] },
      { content: "Booked." },
    ]);
    const h = agentHarness({ model });
    expect(await h.execute()).toBe("succeeded");
    const refused = dataOf(h.events(), "agent.call_refused");
    expect(refused.map((data) => [data.turn, data.tool])).toEqual([
      [1, "get_leave_balance"],
      [2, "apply_leave"],
    ]);
    expect(refused[0].reason).toMatch(/not valid JSON/);
    expect(refused[1].reason).toMatch(/days must be integer/);
    expect(toolMessages(model.requests[1].messages)).toEqual([
      { role: "tool", toolCallId: "broken", content: expect.stringMatching(/^Refused, not run: .*not valid JSON/) },
    ]);
    expect(h.tools.calls.map((c) => c.args)).toEqual([{ employee_id: "E7", days: 3 }]);
  });

  it("gives a tool's error back to the model and keeps the run going", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { content: "12 days left." },
    ]);
    // The first call fails at the tool (the routine fixes employee_id to the run's input, so the model cannot vary it).
    let tries = 0;
    const h = agentHarness({
      model,
      handlers: {
        get_leave_balance: () => (++tries === 1 ? toolError("unknown employee") : { days: 12 }),
      },
    });
    expect(await h.execute()).toBe("succeeded");
    expect(
      h
        .steps()
        .filter((run) => run.stepId === "check")
        .map((run) => [run.iteration, run.state]),
    ).toEqual([
      [1, "failed"],
      [2, "succeeded"],
    ]);
    expect(toolMessages(model.requests[1].messages)[0].content).toBe(
      "Error: hr/get_leave_balance failed: unknown employee",
    );
  });
});

describe("the baseline: no routine, every tool", () => {
  it("offers the whole catalog, shows no routine, and maps unknown tools to call:<tool>", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { toolCalls: [call("fetch_report", { employee_id: "E7" })] },
      { content: "Here is the report." },
    ]);
    const h = agentHarness({ model, plan: BASELINE, handlers: { fetch_report: () => ({ pages: 2 }) } });
    expect(await h.execute()).toBe("succeeded");
    expect(model.requests[0].tools!.map((tool) => tool.name).sort()).toEqual(HR_TOOLS.map((t) => t.name).sort());
    const system = h.system(0);
    expect(system).not.toContain("## Routine");
    expect(system).not.toContain("## Progress");
    expect(system).not.toContain("Check leave balance");
    const stepIds = dataOf(h.events(), "step.tool_call").map((data) => data.stepId);
    expect(stepIds).toEqual(["check", "call:fetch_report"]);
    expect(stepIds.map(isAgentCallStepId)).toEqual([false, true]);
    expect(h.steps().find((run) => run.stepId === "call:fetch_report")?.output).toEqual({ result: { pages: 2 } });
    expectConsistentLog(h);
  });
});

describe("routines agent mode cannot run", () => {
  it("fails at once, pointing to workflow mode", async () => {
    const steps = [
      toolStep({ id: "check" }),
      humanStep({ id: "ok", name: "Manager approves" }),
      endStep({ id: "done" }),
    ];
    const model = scriptedTurns([]);
    const h = agentHarness({ model, routine: makeRoutine({ steps, edges: chain(...steps) }) });
    expect(await h.execute()).toBe("failed");
    expect(model.requests).toHaveLength(0);
    expect(h.store.run(h.runId).error).toMatch(/"Manager approves".*workflow mode/);
  });
});
