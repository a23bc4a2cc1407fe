import { describe, expect, it } from "vitest";
import { dataOf } from "./support";
import { call, plannedHarness, plannerTurns, scriptedTurns, textOf } from "./planned-support";

const checkBalance = {
  title: "Check the balance",
  criteria: "The report states E7's remaining days",
  actor: "leave-clerk",
};
const bookLeave = { title: "Book the leave", criteria: "3 days are booked for E7", actor: "leave-clerk" };

describe("a planned run", () => {
  it("plans, dispatches, reads the report, adds a task on re-planning, and finishes with the answer", async () => {
    const planner = plannerTurns([
      { tasks: [checkBalance], next: "t1" },
      { tasks: [{ id: "t1", status: "done" }, bookLeave], next: "t2" },
      { tasks: [{ id: "t2", status: "done" }], finished: true, answer: "Booked 3 days for E7; 9 left." },
    ]);
    const executor = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { content: "E7 has 12 days left." },
      { toolCalls: [call("apply_leave", { employee_id: "E7", days: 3 })] },
      { content: "Booked 3 days." },
    ]);
    const h = plannedHarness({ planner, executor });

    expect(await h.execute()).toBe("succeeded");
    expect(h.run().outputs).toEqual({ answer: "Booked 3 days for E7; 9 left." });
    const flow = h
      .events()
      .filter((event) =>
        ["plan.updated", "task.dispatched", "task.reported", "planner.turn", "step.tool_call", "run.finished"].includes(
          event.type,
        ),
      )
      .map((event) => ("taskId" in event.data ? `${event.type} ${event.data.taskId}` : event.type));
    expect(flow).toEqual([
      "planner.turn",
      "plan.updated",
      "task.dispatched t1",
      "step.tool_call",
      "task.reported t1",
      "planner.turn",
      "plan.updated",
      "task.dispatched t2",
      "step.tool_call",
      "task.reported t2",
      "planner.turn",
      "plan.updated",
      "run.finished",
    ]);
    // The actors' calls are step runs of their tasks, with idempotency keys as in agent mode.
    const calls = dataOf(h.events(), "step.tool_call");
    expect(calls.map((data) => [data.stepId, data.tool])).toEqual([
      ["t1-c1", "get_leave_balance"],
      ["t2-c1", "apply_leave"],
    ]);
    expect(h.tools.calls.map((fake) => fake.idempotencyKey)).toEqual(
      calls.map((data) => `${h.runId}:${data.stepRunId}`),
    );
    expect(h.run().snapshot.stepsExecuted).toBe(2);

    const summaries = dataOf(h.events(), "plan.updated").map((data) => data.summary);
    expect(summaries).toEqual([
      'Added t1 "Check the balance"; next: t1.',
      'Added t2 "Book the leave"; t1 done; next: t2.',
      "t2 done; finished.",
    ]);
    const plan = h.plan()!;
    expect(plan.tasks.map((task) => [task.id, task.status, task.result])).toEqual([
      ["t1", "done", "E7 has 12 days left."],
      ["t2", "done", "Booked 3 days."],
    ]);
    expect(plan).toMatchObject({ round: 3, answer: "Booked 3 days for E7; 9 left." });

    // The planner reads the report; the actor works as itself, with its toolkit only and what was done before.
    expect(textOf(planner.requests[1], "user")).toContain("E7 has 12 days left.");
    expect(planner.requests[0].responseFormat?.name).toBe("planned_run_tasks");
    expect(planner.requests[0].maxTokens).toBe(4 * 4096);
    const brief = textOf(planner.requests[0], "user");
    expect(brief).toContain("Today is Monday, 5 January 2026 (2026-01-05), time zone UTC.");
    expect(brief).toContain(
      "- leave-clerk (Leave clerk): You handle leave requests carefully. Tools: get_leave_balance, apply_leave.",
    );
    expect(brief).toContain("Book 3 days of leave for E7 and tell them.");
    const t2 = executor.requests[2];
    expect(textOf(t2, "system")).toMatch(/^You work as Leave clerk\. You handle leave requests carefully\./);
    expect(textOf(t2, "system")).toContain("\nToday is Monday, 5 January 2026 (2026-01-05), time zone UTC.\n");
    expect(textOf(t2, "system")).toContain("Task t2: Book the leave");
    expect(textOf(t2, "system")).toContain("t1 Check the balance: E7 has 12 days left.");
    expect(t2.tools?.map((tool) => tool.name)).toEqual(["get_leave_balance", "apply_leave"]);
    const usage = dataOf(h.events(), "task.reported").map((data) => data.inputTokens + data.outputTokens);
    expect(h.run().snapshot.inputTokens + h.run().snapshot.outputTokens).toBeGreaterThan(usage[0] + usage[1]);
  });

  it("refuses an actor's call to a tool outside its toolkit, and never runs it", async () => {
    const planner = plannerTurns([
      { tasks: [checkBalance], next: "t1" },
      { tasks: [{ id: "t1", status: "done" }], finished: true, answer: "E7 has 12 days." },
    ]);
    const executor = scriptedTurns([
      { toolCalls: [call("delete_employee", { employee_id: "E7" }, "bad")] },
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { content: "12 days." },
    ]);
    const h = plannedHarness({ planner, executor });

    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("delete_employee")).toEqual([]);
    expect(dataOf(h.events(), "agent.call_refused")).toEqual([
      {
        turn: 1,
        tool: "delete_employee",
        reason: "delete_employee is not one of the tools offered to Leave clerk.",
      },
    ]);
    const told = executor.requests[1].messages.find((message) => message.role === "tool");
    expect(told && "content" in told ? told.content : "").toMatch(/^Refused, not run:/);
    expect(h.steps().map((run) => run.stepId)).toEqual(["t1-c1"]);
  });

  it("runs each actor on its own model when its profile names one", async () => {
    const planner = plannerTurns([
      { tasks: [{ title: "Tell E7", criteria: "E7 was told", actor: "notifier" }], next: "t1" },
      { tasks: [{ id: "t1", status: "done" }], finished: true, answer: "Told." },
    ]);
    const executor = scriptedTurns([{ content: "Sent." }]);
    const h = plannedHarness({ planner, executor });
    expect(await h.execute()).toBe("succeeded");
    expect(executor.requests[0].model).toBe("small-model");
    expect(dataOf(h.events(), "task.dispatched")[0]).toEqual({
      taskId: "t1",
      actorId: "notifier",
      actorName: "Notifier",
      tools: ["notify_employee"],
    });
  });

  it("reports a task unfinished after the actor's turns run out", async () => {
    const planner = plannerTurns([
      { tasks: [checkBalance], next: "t1" },
      { tasks: [{ id: "t1", status: "dropped", note: "cannot be done" }], finished: true, answer: "Could not check." },
    ]);
    const balance = { toolCalls: [call("get_leave_balance", { employee_id: "E7" })], content: "Looking." };
    const executor = scriptedTurns([balance, balance]);
    const h = plannedHarness({ planner, executor, maxTurnsPerTask: 2 });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "task.reported")[0]).toMatchObject({
      report: "Stopped after 2 turns without finishing: Looking.",
      calls: 2,
    });
    expect(h.plan()!.tasks[0]).toMatchObject({ status: "dropped", note: "cannot be done" });
  });
});
