import { describe, expect, it } from "vitest";
import type { Step } from "../../../routine";
import { endStep, humanStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import type { ExecutionPlan } from "../execution-plan";
import { indexRoutine } from "../routine-graph";
import { planStageCancel } from "../stage-cancel";
import { holdsAfterResume } from "../stage-holds";
import { operatorSkipOutput } from "../stage-skips";
import { hang, toolError } from "../testing";
import { chain, dataOf, expectConsistentLog, harness, type Harness } from "./support";

// The engine's side of the stage and step interventions (issue #18, decision 0032). The server's writes are
// simulated here by committing what the DAL commits; lib/db/__tests__/stage-controls.test.ts drives the real ones.

const tool = (id: string, stageId?: string, name = "get_leave_balance") =>
  toolStep({
    id,
    name: `Step ${id}`,
    tool: { server: "hr", name },
    inputs: { employee_id: { from: "literal", value: id } },
    outputs: [{ name: "result", description: "" }],
    ...(stageId ? { stageId } : {}),
  });

/** Stage A (a1, a2) → stage B (b1, b2) → done. */
function staged(a: Step[] = [tool("a1", "A"), tool("a2", "A")], b: Step[] = [tool("b1", "B"), tool("b2", "B")]) {
  const steps = [...a, ...b, endStep({ id: "done" })];
  return makeRoutine({
    steps,
    edges: chain(...steps),
    stages: [
      { id: "A", name: "Collect", description: "" },
      { id: "B", name: "Book", description: "" },
    ],
  });
}

const statesOf = (h: Harness) => h.store.steps(h.runId).map((run) => [run.stepId, run.state]);
const workflow = (plan: Partial<Extract<ExecutionPlan, { mode: "workflow" }>>): ExecutionPlan => ({
  mode: "workflow",
  ...plan,
});
/** Writes the execution plan as an operator's control does, behind the engine's back. */
const setPlan = (h: Harness, plan: ExecutionPlan) => (h.store.run(h.runId).snapshot.execution = plan);
const queueAgain = (h: Harness, change: Parameters<Harness["store"]["commit"]>[1] = {}) =>
  h.store.commit(h.runId, { ...change, run: { status: "queued", error: null, finishedAt: null, ...change.run } }, [
    { type: "run.status", data: { status: "queued", reason: "An operator stepped in." } },
  ]);

describe("an operator's skip", () => {
  it("counts as done: the run goes on after the skipped step", async () => {
    const h = harness({
      routine: staged(),
      handlers: { get_leave_balance: (args) => (args.employee_id === "a2" ? toolError("directory down") : { ok: 1 }) },
    });
    expect(await h.execute()).toBe("failed");
    const failed = h.store.steps(h.runId).find((run) => run.stepId === "a2")!;
    await queueAgain(h, {
      steps: [{ ...failed, state: "skipped", output: operatorSkipOutput({ by: "Olive", reason: "booked by hand" }) }],
    });
    expect(await h.execute()).toBe("succeeded");
    expect(statesOf(h)).toEqual([
      ["a1", "succeeded"],
      ["a2", "skipped"],
      ["b1", "succeeded"],
      ["b2", "succeeded"],
      ["done", "succeeded"],
    ]);
  });

  it("is not confused with the marks a finished run leaves on steps it never reached", async () => {
    const h = harness({ routine: staged() });
    const snapshot = (await h.store.load(h.runId))!;
    const at = new Date(h.clock.now());
    const base = {
      attempt: 1,
      input: null,
      outputRef: null,
      tool: null,
      approval: null,
      error: null,
      inputTokens: 0,
      outputTokens: 0,
    };
    snapshot.steps = [
      {
        ...base,
        id: "r1",
        stepId: "a1",
        iteration: 1,
        state: "succeeded",
        output: { result: 1 },
        startedAt: at,
        finishedAt: at,
      },
      // A finish-time mark, newer than a1: the position must still follow a1, not jump past b1.
      {
        ...base,
        id: "mark",
        stepId: "b1",
        iteration: 1,
        state: "skipped",
        output: null,
        startedAt: null,
        finishedAt: null,
      },
    ];
    snapshot.status = "queued";
    h.store.put(snapshot);
    expect(await h.execute()).toBe("succeeded");
    // Had the mark counted, the run would have gone on after b1 (b2 only).
    expect(h.tools.calls.map((call) => call.args.employee_id)).toEqual(["a2", "b1", "b2"]);
  });

  it("fails a later step that binds the skipped step's output, saying what was skipped and what to do", async () => {
    const uses = toolStep({
      id: "b1",
      name: "Book",
      stageId: "B",
      tool: { server: "hr", name: "apply_leave" },
      inputs: {
        employee_id: { from: "literal", value: "E1" },
        days: { from: "step", stepId: "a2", path: "result.days" },
      },
    });
    const h = harness({
      routine: staged(undefined, [uses]),
      handlers: { get_leave_balance: (args) => (args.employee_id === "a2" ? toolError("down") : { days: 2 }) },
    });
    expect(await h.execute()).toBe("failed");
    const failed = h.store.steps(h.runId).find((run) => run.stepId === "a2")!;
    await queueAgain(h, {
      steps: [{ ...failed, state: "skipped", output: operatorSkipOutput({ by: "Olive", reason: "no directory" }) }],
    });
    expect(await h.execute()).toBe("failed");
    expect(h.store.run(h.runId).error).toBe(
      'This step needs "result" from "Step a2", which Olive skipped (no directory), so it has no value. Re-run this step with an edited input, or skip it too.',
    );
    expect(h.tools.callsTo("apply_leave")).toHaveLength(0);
  });
});

describe("a stage hold", () => {
  it("pauses the run just before it enters the held stage, and a resume past it goes into the stage", async () => {
    const h = harness({ routine: staged() });
    setPlan(h, workflow({ stageHolds: [{ stageId: "B", by: "Olive", reason: "check the dates" }] }));
    expect(await h.execute()).toBe("paused");
    expect(statesOf(h)).toEqual([
      ["a1", "succeeded"],
      ["a2", "succeeded"],
    ]);
    expect(dataOf(h.events(), "run.status").at(-1)).toEqual({
      status: "paused",
      reason: 'Paused before stage "Book", as Olive asked: check the dates',
    });
    // A worker that picks the run up again before the resume pauses there again.
    await queueAgain(h);
    expect(await h.execute()).toBe("paused");

    const execution = holdsAfterResume((await h.store.load(h.runId))!, indexRoutine(staged()));
    expect(execution).toEqual({ mode: "workflow", stageHolds: [] });
    await queueAgain(h, { run: { execution: execution! } });
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.calls.map((call) => call.args.employee_id)).toEqual(["a1", "a2", "b1", "b2"]);
    expectConsistentLog(h);
  });

  it("is read from the store when the run reaches the stage, so a hold placed while the run works counts", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = harness({
      routine: staged(),
      handlers: { get_leave_balance: async (args) => (args.employee_id === "a1" && (await gate), { ok: 1 }) },
    });
    const running = h.execute();
    await h.tools.whenCalled("get_leave_balance");
    setPlan(h, workflow({ stageHolds: [{ stageId: "B", by: "Olive" }] }));
    release();
    expect(await running).toBe("paused");
    expect(h.tools.calls.map((call) => call.args.employee_id)).toEqual(["a1", "a2"]);
  });
});

describe("a stage cancel", () => {
  it("stops the step in flight, skips the rest of the stage and goes on at the stage's exit", async () => {
    const h = harness({
      routine: staged([tool("a1", "A"), tool("a2", "A", "fetch_report"), tool("a3", "A")]),
      handlers: { fetch_report: (_args, call) => hang(call.signal) },
    });
    const running = h.execute();
    await h.tools.whenCalled("fetch_report");
    setPlan(h, workflow({ stageCancel: { id: "req-1", stageId: "A", by: "Olive", reason: "done by phone" } }));
    h.store.setControl(h.runId, "cancel-stage");
    h.clock.advance(1_000);
    expect(await running).toBe("succeeded");
    expect(h.tools.callsTo("fetch_report")[0].signal.aborted).toBe(true);
    expect(statesOf(h)).toEqual([
      ["a1", "succeeded"],
      ["a2", "skipped"],
      ["a3", "skipped"],
      ["b1", "succeeded"],
      ["b2", "succeeded"],
      ["done", "succeeded"],
    ]);
    const skipped = h.store.steps(h.runId).find((run) => run.stepId === "a3")!;
    expect(skipped.output).toEqual({
      skipped: {
        by: "Olive",
        reason: 'Stage "Collect" cancelled by Olive: done by phone',
        stageId: "A",
        resumeAt: "b1",
        request: "req-1",
      },
    });
    expect(dataOf(h.events(), "step.skipped").map((data) => data.stepId)).toEqual(["a2", "a3"]);
    expect(h.store.run(h.runId).snapshot.control).toBeNull();
    expectConsistentLog(h);
  });

  it("still cancels the whole run on the run's own cancel, whatever stage request the plan keeps", async () => {
    const h = harness({
      routine: staged([tool("a1", "A", "fetch_report")]),
      handlers: { fetch_report: (_args, call) => hang(call.signal) },
    });
    setPlan(h, workflow({ stageCancel: { id: "old", stageId: "A", by: "Olive" } }));
    const running = h.execute();
    await h.tools.whenCalled("fetch_report");
    h.store.setControl(h.runId, "cancel");
    h.clock.advance(1_000);
    expect(await running).toBe("cancelled");
    expect(statesOf(h)).toEqual([["a1", "cancelled"]]);
  });

  it("leaves the run alone when it has left the stage before the request reached the engine", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = harness({
      routine: staged(),
      handlers: { get_leave_balance: async (args) => (args.employee_id === "a2" && (await gate), { ok: 1 }) },
      engine: { controlPollMs: 0 },
    });
    const running = h.execute();
    await h.tools.whenCalled("get_leave_balance", 2);
    setPlan(h, workflow({ stageCancel: { id: "late", stageId: "A", by: "Olive" } }));
    h.store.setControl(h.runId, "cancel-stage");
    release();
    // a2 finished as the request came; the next step is outside the stage, so nothing is skipped.
    expect(await running).toBe("succeeded");
    expect(statesOf(h).filter(([, state]) => state === "skipped")).toEqual([]);
    expect(dataOf(h.events(), "run.status").map((data) => data.reason)).toContain(
      'Stage "Collect" was not cancelled: The run is no longer in stage "Collect".',
    );
  });

  it("at rest (the server's write): a run waiting at a human step of the stage goes on after it", async () => {
    const routine = staged([tool("a1", "A"), humanStep({ id: "ask", name: "Ask the manager", stageId: "A" })]);
    const h = harness({ routine });
    expect(await h.execute()).toBe("waiting");
    let n = 0;
    const plan = planStageCancel(
      (await h.store.load(h.runId))!,
      indexRoutine(routine),
      { stageId: "A", by: "Olive", reason: "manager away" },
      new Date(h.clock.now()),
      () => `new-${++n}`,
    );
    if (!plan.ok) throw new Error(plan.problem);
    expect(plan.exit?.id).toBe("b1");
    await queueAgain(h, { steps: plan.steps });
    expect(await h.execute()).toBe("succeeded");
    expect(statesOf(h)).toEqual([
      ["a1", "succeeded"],
      ["ask", "skipped"],
      ["b1", "succeeded"],
      ["b2", "succeeded"],
      ["done", "succeeded"],
    ]);
  });

  it("is refused for a stage with several ways out, and for one the run has not reached", () => {
    const a1 = tool("a1", "A");
    const a2 = tool("a2", "A");
    const routine = makeRoutine({
      steps: [a1, a2, tool("b1", "B"), tool("c1"), endStep({ id: "done" })],
      edges: [...chain(a1, a2, { id: "b1" }, { id: "done" }), { id: "a1-c1", source: "a1", target: "c1" }],
      stages: [
        { id: "A", name: "Collect", description: "" },
        { id: "B", name: "Book", description: "" },
      ],
    });
    const h = harness({ routine });
    const snapshot = h.store.run(h.runId).snapshot;
    const plan = (stageId: string) =>
      planStageCancel(snapshot, indexRoutine(routine), { stageId, by: "O" }, new Date(), String);
    expect(plan("A")).toEqual({
      ok: false,
      problem: expect.stringMatching(/^Stage "Collect" has several ways out \("Step b1", "Step c1"\)/),
    });
    expect(plan("B")).toEqual({ ok: false, problem: 'The run has not reached stage "Book"; pause it there first.' });
  });
});
