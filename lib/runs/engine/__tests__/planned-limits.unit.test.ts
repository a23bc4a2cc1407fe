import { describe, expect, it } from "vitest";
import { dataOf } from "./support";
import { call, plannedHarness, plannerTurns, scriptedTurns, textOf } from "./planned-support";
import { scriptedModel } from "../testing";

const task = (title: string, actor = "leave-clerk") => ({ title, criteria: `${title}: done`, actor });
const small = { inputTokens: 10, outputTokens: 5 };

describe("a planned run's limits", () => {
  it("stops a planner that never meets the request after maxRounds answers, with a clear reason", async () => {
    const keepGoing = { tasks: [{ id: "t1", status: "pending", note: "try again" }], next: "t1" };
    const planner = plannerTurns([{ tasks: [task("Find the form")], next: "t1" }, keepGoing, keepGoing, keepGoing]);
    const executor = scriptedModel(() => ({ content: "Nothing found." }));
    const h = plannedHarness({ planner, executor, maxRounds: 3 });

    expect(await h.execute()).toBe("failed");
    expect(planner.requests).toHaveLength(3);
    expect(h.run().error).toBe("The planner re-planned 3 times without meeting the request.");
    expect(dataOf(h.events(), "run.budget_exceeded")).toEqual([{ budget: "planner_rounds", limit: 3, used: 3 }]);
    expect(dataOf(h.events(), "task.dispatched")).toHaveLength(3);
  });

  it("stops on the token budget, counting the planner's and the actors' tokens", async () => {
    const planner = plannerTurns([{ tasks: [task("Check the balance")], next: "t1" }], {
      inputTokens: 200,
      outputTokens: 50,
    });
    const executor = scriptedModel(() => ({
      toolCalls: [call("get_leave_balance", { employee_id: "E7" })],
      usage: { inputTokens: 100, outputTokens: 20 },
    }));
    const h = plannedHarness({ planner, executor, budgets: { maxTokens: 300 } });

    expect(await h.execute()).toBe("failed");
    expect(dataOf(h.events(), "run.budget_exceeded")).toEqual([{ budget: "tokens", limit: 300, used: 370 }]);
    expect(h.tools.calls).toHaveLength(0);
    expect(h.run().error).toBe("The run used 370 model tokens, over its limit of 300.");
  });

  it("stops on the steps budget: every accepted tool call counts", async () => {
    const planner = plannerTurns([{ tasks: [task("Check the balance")], next: "t1" }]);
    const executor = scriptedModel(() => ({ toolCalls: [call("get_leave_balance", { employee_id: "E7" })] }));
    const h = plannedHarness({ planner, executor, budgets: { maxSteps: 2 } });
    expect(await h.execute()).toBe("failed");
    expect(h.tools.calls).toHaveLength(2);
    expect(dataOf(h.events(), "run.budget_exceeded")).toEqual([{ budget: "steps", limit: 2, used: 2 }]);
  });

  it("refuses a premature 'done' with one repair turn, and marks done only what an actor reported on", async () => {
    const planner = plannerTurns([
      { tasks: [task("Check the balance"), task("Book the leave")], next: "t1" },
      {
        tasks: [
          { id: "t1", status: "done" },
          { id: "t2", status: "done" },
        ],
        finished: true,
        answer: "All done.",
      },
      { tasks: [{ id: "t1", status: "done" }], next: "t2" },
      { tasks: [{ id: "t2", status: "done" }], finished: true, answer: "Booked." },
    ]);
    const executor = scriptedTurns([{ content: "12 days left." }, { content: "Booked 3 days." }]);
    const h = plannedHarness({ planner, executor });

    expect(await h.execute()).toBe("succeeded");
    const repair = planner.requests[2].messages.at(-1);
    expect(repair?.role).toBe("user");
    expect(repair && "content" in repair ? repair.content : "").toContain(
      "t2 cannot be done: only the task whose actor just reported can be",
    );
    // Both planner answers of round 2 are recorded; the list moved on only with the repaired one.
    expect(dataOf(h.events(), "planner.turn").map((data) => data.round)).toEqual([1, 2, 2, 3]);
    expect(dataOf(h.events(), "task.reported").map((data) => data.taskId)).toEqual(["t1", "t2"]);
    expect(h.run().outputs).toEqual({ answer: "Booked." });
  });

  it("fails with a readable error when the planner answers garbage twice", async () => {
    const planner = plannerTurns(["I think we should look at the balance first.", "{ tasks: oops"]);
    const h = plannedHarness({ planner, executor: scriptedTurns([]) });

    expect(await h.execute()).toBe("failed");
    expect(h.run().error).toBe(
      "The planner's answer could not be used, even after a repair turn: The answer is not valid JSON; answer with the JSON object only.",
    );
    expect(textOf(planner.requests[1])).toContain("Your answer could not be used: The answer is not valid JSON");
    expect(dataOf(h.events(), "plan.updated")).toEqual([]);
  });

  it.each([
    ["no actor port", null],
    ["an empty actor list", []],
  ])("fails at once with %s, before asking any model", async (_name, actors) => {
    const planner = plannerTurns([]);
    const h = plannedHarness({ planner, executor: scriptedTurns([]), actors });
    expect(await h.execute()).toBe("failed");
    expect(h.run().error).toBe(
      "No actor profiles are defined: an admin adds toolkits and actors under Settings → Toolkits and actors.",
    );
    expect(planner.requests).toHaveLength(0);
  });

  it("carries out a 100-task plan to the end", async () => {
    const tasks = Array.from({ length: 100 }, (_, at) => task(`Step ${at + 1}`));
    let round = 0;
    const planner = plannerTurns(
      [
        { tasks, next: "t1" },
        ...Array.from({ length: 100 }, () => () => {
          round++;
          const done = { id: `t${round}`, status: "done" };
          return round === 100
            ? { tasks: [done], finished: true, answer: "All 100 steps done." }
            : { tasks: [done], next: `t${round + 1}` };
        }),
      ],
      small,
    );
    const executor = scriptedModel(() => ({ content: "Done.", usage: small }));
    const h = plannedHarness({ planner, executor, maxRounds: 101 });

    expect(await h.execute()).toBe("succeeded");
    const plan = h.plan()!;
    expect(plan.tasks).toHaveLength(100);
    expect(plan.tasks.every((each) => each.status === "done")).toBe(true);
    expect(plan.tasks.at(-1)?.id).toBe("t100");
    expect(dataOf(h.events(), "plan.updated")).toHaveLength(101);
    expect(textOf(planner.requests[100], "user")).toContain("- t100 [reported] Step 100");
  });
});
