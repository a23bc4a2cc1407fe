import { describe, expect, it } from "vitest";
import { hang } from "../testing";
import { dataOf } from "./support";
import { call, plannedHarness, plannerTurns, scriptedTurns, textOf } from "./planned-support";

const checkBalance = { title: "Check the balance", criteria: "The report states E7's days", actor: "leave-clerk" };
const tellE7 = { title: "Tell E7", criteria: "E7 was told", actor: "notifier" };

describe("operator control of a planned run", () => {
  it("pauses after a report, takes an operator's edit of a pending task, and carries on when resumed", async () => {
    const planner = plannerTurns([
      { tasks: [checkBalance, tellE7], next: "t1" },
      { tasks: [{ id: "t1", status: "done" }], next: "t2" },
      { tasks: [{ id: "t2", status: "done" }], finished: true, answer: "E7 was told." },
    ]);
    const executor = scriptedTurns([
      () => {
        h.store.setControl(h.runId, "pause");
        return { content: "E7 has 12 days." };
      },
      { content: "Sent." },
    ]);
    const h = plannedHarness({ planner, executor });

    expect(await h.execute()).toBe("paused");
    expect(dataOf(h.events(), "run.status").at(-1)).toEqual({ status: "paused", reason: "Paused by an operator." });
    expect(planner.requests).toHaveLength(1);
    expect(h.plan()!.tasks.map((task) => task.status)).toEqual(["running", "pending"]);

    // The lead's DAL edits a pending task of the paused run: run.plan and a plan.updated event by the operator.
    const edited = structuredClone(h.plan()!);
    edited.tasks[1].title = "Tell E7 by email";
    await h.store.commit(h.runId, { run: { plan: edited } }, [
      { type: "plan.updated", data: { plan: edited, by: "operator", summary: "t2 edited", operator: "Olga" } },
    ]);

    expect(await h.execute()).toBe("succeeded");
    expect(textOf(planner.requests[1], "user")).toContain("Tell E7 by email");
    expect(textOf(planner.requests[1], "user")).toContain("E7 has 12 days.");
    expect(textOf(executor.requests[1], "system")).toContain("Task t2: Tell E7 by email");
    expect(h.plan()!.tasks.map((task) => [task.title, task.status])).toEqual([
      ["Check the balance", "done"],
      ["Tell E7 by email", "done"],
    ]);
  });

  it("cancels between an actor's turns, closing the run without asking the planner again", async () => {
    const planner = plannerTurns([{ tasks: [checkBalance], next: "t1" }]);
    const executor = scriptedTurns([
      () => {
        h.store.setControl(h.runId, "cancel");
        return { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] };
      },
    ]);
    const h = plannedHarness({ planner, executor });

    expect(await h.execute()).toBe("cancelled");
    expect(planner.requests).toHaveLength(1);
    expect(executor.requests).toHaveLength(1);
    expect(dataOf(h.events(), "run.finished").at(-1)).toMatchObject({ status: "cancelled" });
    expect(dataOf(h.events(), "task.reported")).toEqual([]);
  });

  it("after a restart, dispatches a task left running again with its finished calls as done work", async () => {
    const planner = plannerTurns([
      { tasks: [checkBalance], next: "t1" },
      { tasks: [{ id: "t1", status: "done" }], finished: true, answer: "12 days." },
    ]);
    const worker = new AbortController();
    const executor = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      () => {
        worker.abort("shutdown");
        return { content: "never read" };
      },
      { content: "E7 has 12 days." },
    ]);
    const h = plannedHarness({ planner, executor });

    expect(await h.execute(worker.signal)).toBe("running");
    expect(dataOf(h.events(), "task.reported")).toEqual([]);

    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "run.started").at(-1)).toEqual({ resumed: true });
    expect(h.tools.calls).toHaveLength(1);
    expect(textOf(executor.requests[2], "user")).toContain(
      'Calls already made for this task (done work; do not repeat what succeeded):\n- t1-c1 get_leave_balance with {"employee_id":"E7"}',
    );
    expect(dataOf(h.events(), "task.dispatched")).toHaveLength(1);
    expect(h.run().outputs).toEqual({ answer: "12 days." });
  });

  it("after a restart mid-call, sends the call again to its tool with the same idempotency key, and the actor finds it done", async () => {
    const planner = plannerTurns([
      { tasks: [checkBalance], next: "t1" },
      { tasks: [{ id: "t1", status: "done" }], finished: true, answer: "12 days." },
    ]);
    const worker = new AbortController();
    const executor = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { content: "E7 has 12 days." },
    ]);
    const h = plannedHarness({ planner, executor });
    let calls = 0;
    h.tools.on("get_leave_balance", (args, { signal }) => {
      // The first call never answers: the worker stops while it is in flight.
      if (++calls === 1) {
        worker.abort("shutdown");
        return hang(signal);
      }
      return { employee_id: args.employee_id, days: 12 };
    });

    expect(await h.execute(worker.signal)).toBe("running");
    expect(h.steps().map((run) => [run.stepId, run.state])).toEqual([["t1-c1", "running"]]);

    expect(await h.execute()).toBe("succeeded");
    const sent = h.tools.callsTo("get_leave_balance");
    expect(sent).toHaveLength(2);
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
    expect(h.steps().map((run) => [run.stepId, run.state, run.attempt])).toEqual([["t1-c1", "succeeded", 2]]);
    // The actor, asked afresh after the restart, reads the call as done work and does not call again.
    expect(textOf(executor.requests[1], "user")).toContain('- t1-c1 get_leave_balance with {"employee_id":"E7"} → ');
    expect(textOf(executor.requests[1], "user")).toContain('"days":12');
    expect(h.run().outputs).toEqual({ answer: "12 days." });
  });
});
