import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../../scripts/fake-openai/index";
import { branchStep, edge, endStep, makeRoutine, skillStep, toolStep } from "../../../routine/testing/factories";
import { operatorDecision } from "../operator";
import { hang } from "../testing";
import { API_KEY, chain, dataOf, expectConsistentLog, fakeModel, harness } from "./support";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const tool = (id: string, overrides: Parameters<typeof toolStep>[0] = {}) =>
  toolStep({ id, inputs: { employee_id: { from: "literal", value: id } }, ...overrides });

describe("budgets", () => {
  it("stop a looping run at maxSteps", async () => {
    const steps = [tool("count"), branchStep({ id: "loop" }), endStep({ id: "done" })];
    const edges = [
      edge("count", "loop"),
      edge("loop", "count", "again", "true"),
      edge("loop", "done", "stop", "false"),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges }), budgets: { maxSteps: 9 } });
    expect(await h.execute()).toBe("failed");
    expect(dataOf(h.events(), "run.budget_exceeded")).toEqual([{ budget: "steps", limit: 9, used: 9 }]);
    expect(h.store.run(h.runId).snapshot.stepsExecuted).toBe(9);
    expect(h.tools.calls).toHaveLength(5);
    expect(h.store.run(h.runId).error).toBe("The run reached its limit of 9 step executions.");
    expectConsistentLog(h);
  });

  it("stop the run when the model's tokens pass maxTokens", async () => {
    fake.setScenario({ rules: [{ reply: { content: "ok", usage: { prompt_tokens: 600, completion_tokens: 100 } } }] });
    const steps = [
      skillStep({ id: "one" }),
      skillStep({ id: "two" }),
      skillStep({ id: "three" }),
      endStep({ id: "done" }),
    ];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      model: fakeModel(fake).model,
      budgets: { maxTokens: 1000 },
    });
    expect(await h.execute()).toBe("failed");
    expect(dataOf(h.events(), "run.budget_exceeded")).toEqual([{ budget: "tokens", limit: 1000, used: 1400 }]);
    expect(dataOf(h.events(), "step.failed")[0].stepId).toBe("two");
    expect(h.store.steps(h.runId).map((run) => run.stepId)).toEqual(["one", "two"]);
    expect(h.store.run(h.runId).snapshot).toMatchObject({ inputTokens: 1200, outputTokens: 200 });
    const maxTokens = fake.requests().map((request) => (request.body as { max_tokens: number }).max_tokens);
    expect(maxTokens).toEqual([1000, 300]);
  });

  it("stop the run when its working time passes wallTimeMs", async () => {
    const steps = [tool("a"), tool("b"), tool("c"), endStep({ id: "done" })];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      budgets: { wallTimeMs: 1_000 },
      handlers: { get_leave_balance: () => (h.clock.advance(600), { days: 1 }) },
    });
    expect(await h.execute()).toBe("failed");
    expect(dataOf(h.events(), "run.budget_exceeded")[0]).toMatchObject({ budget: "wall_time", limit: 1_000 });
    expect(h.tools.calls.map((call) => call.args.employee_id)).toEqual(["a", "b"]);
  });

  it("abort a hanging tool at the step timeout and fail the run", async () => {
    const steps = [tool("slow"), endStep({ id: "done" })];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      budgets: { stepTimeoutMs: 5_000 },
      handlers: { get_leave_balance: (_args, call) => hang(call.signal) },
    });
    const running = h.execute();
    await h.tools.whenCalled("get_leave_balance");
    expect(h.tools.calls[0].timeoutMs).toBe(5_000);
    h.clock.advance(4_999);
    await Promise.resolve();
    expect(h.tools.calls[0].signal.aborted).toBe(false);
    h.clock.advance(1);
    expect(await running).toBe("failed");
    expect(h.tools.calls[0].signal.aborted).toBe(true);
    expect(dataOf(h.events(), "run.budget_exceeded")).toEqual([{ budget: "step_timeout", limit: 5_000, used: 5_000 }]);
    expect(dataOf(h.events(), "step.failed")[0].error).toBe("The step did not finish within its 5000 ms.");
    expectConsistentLog(h);
  });

  it("stop waiting for a tool that ignores the abort, and keep its late answer out of the run", async () => {
    let answer!: (value: { days: number }) => void;
    const steps = [tool("deaf"), endStep({ id: "done" })];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      budgets: { stepTimeoutMs: 1_000 },
      handlers: { get_leave_balance: () => new Promise((resolve) => (answer = resolve)) },
    });
    const running = h.execute();
    await h.tools.whenCalled("get_leave_balance");
    h.clock.advance(1_000);
    expect(await running).toBe("failed");
    const written = h.store.run(h.runId).events.length;
    answer({ days: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.store.run(h.runId).events).toHaveLength(written);
    expect(h.store.steps(h.runId)[0].state).toBe("failed");
  });

  it("use a step's own timeoutMs over the run's", async () => {
    const steps = [tool("slow", { timeoutMs: 200 }), endStep({ id: "done" })];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { get_leave_balance: (_args, call) => hang(call.signal) },
    });
    const running = h.execute();
    await h.tools.whenCalled("get_leave_balance");
    h.clock.advance(200);
    expect(await running).toBe("failed");
    expect(dataOf(h.events(), "run.budget_exceeded")[0]).toMatchObject({ budget: "step_timeout", limit: 200 });
  });

  it("do not count time waiting for a person against the wall time", async () => {
    const steps = [
      tool("a"),
      toolStep({ id: "b", inputs: { employee_id: { from: "literal", value: "b" } }, requiresApproval: true }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }), budgets: { wallTimeMs: 1_000 } });
    expect(await h.execute()).toBe("waiting");
    h.clock.advance(3_600_000);
    const snapshot = (await h.store.load(h.runId))!;
    const approved = operatorDecision(snapshot, snapshot.steps[1].id, { action: "approved", by: "op" }, new Date());
    await h.store.commit(h.runId, approved.change, approved.events);
    expect(await h.execute()).toBe("succeeded");
  });
});
