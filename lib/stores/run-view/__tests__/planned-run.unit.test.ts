import { describe, expect, it } from "vitest";
import type { PlanState, PlanTask, RunEventInput } from "../../../events";
import { emptyPlannedRoutine } from "../../../runs/planned";
import { createRunViewStore } from "../run-view-store";
import {
  selectAgentLog,
  selectEdgeTaken,
  selectExtraStepIds,
  selectNodeRunView,
  selectTaskCalls,
  selectTaskStatus,
  taskCounts,
} from "../selectors";
import { eventsFrom, happyStart, snapshotOf } from "./run-view-factories";

const EMPTY_ROUTINE = emptyPlannedRoutine();

const REQUEST = "Find Ada's leave balance and tell her manager";

function plannedSnapshot(plan: PlanState | null = null) {
  const base = snapshotOf(EMPTY_ROUTINE);
  return {
    ...base,
    header: { ...base.header, mode: "planned" as const, routineId: null, versionNumber: null, request: REQUEST },
    plan,
  };
}

const task = (id: string, status: PlanTask["status"], extra: Partial<PlanTask> = {}): PlanTask => ({
  id,
  title: `Task ${id}`,
  criteria: `${id} is done`,
  actorId: "hr-clerk",
  actorName: "HR clerk",
  status,
  result: null,
  note: null,
  ...extra,
});

const planned = (round: number, tasks: PlanTask[], answer: string | null = null): RunEventInput => ({
  type: "plan.updated",
  data: { plan: { round, tasks, answer }, by: "planner", summary: `Round ${round}` },
});

const callRef = (stepId: string) => ({ stepRunId: `sr-${stepId}`, stepId, iteration: 1 });

/** One actor call of a task, from start to success. */
function call(stepId: string, tool: string): RunEventInput[] {
  return [
    { type: "step.started", data: { ...callRef(stepId), attempt: 1 } },
    {
      type: "step.tool_call",
      data: { ...callRef(stepId), server: "hr", tool, arguments: { employee_id: "E-1" }, byModel: true },
    },
    { type: "step.output", data: { ...callRef(stepId), output: { result: 12 } } },
    { type: "step.succeeded", data: { ...callRef(stepId), durationMs: 30 } },
  ];
}

/** The planner splits the request in two, an actor does t1 with one call, and t2 is handed out. */
function plannedRun(): RunEventInput[] {
  return [
    { type: "run.queued", data: { routineId: "", routineName: "Planned request", versionNumber: 0, inputs: {} } },
    { type: "run.started", data: {} },
    { type: "planner.turn", data: { round: 1, content: "Two tasks.", inputTokens: 100, outputTokens: 10 } },
    planned(1, [task("t1", "pending"), task("t2", "pending")]),
    { type: "task.dispatched", data: { taskId: "t1", actorId: "hr-clerk", actorName: "HR clerk", tools: ["hr"] } },
    {
      type: "agent.turn",
      data: {
        turn: 1,
        content: null,
        toolCalls: [{ name: "get_balance", arguments: "{}" }],
        inputTokens: 50,
        outputTokens: 5,
      },
    },
    ...call("t1-c1", "get_balance"),
    {
      type: "task.reported",
      data: { taskId: "t1", report: "Ada has 12 days.", calls: 1, inputTokens: 50, outputTokens: 5 },
    },
    { type: "planner.turn", data: { round: 2, content: null, inputTokens: 120, outputTokens: 12 } },
    planned(2, [task("t1", "done", { result: "Ada has 12 days." }), task("t2", "pending")]),
    { type: "task.dispatched", data: { taskId: "t2", actorId: "hr-clerk", actorName: "HR clerk", tools: ["hr"] } },
  ];
}

describe("the run view of a planned run", () => {
  it("follows the planner's list, the task in hand and every model's tokens, and logs the whole story", () => {
    const store = createRunViewStore(plannedSnapshot());
    expect(store.getState().applyEvents(eventsFrom(1, plannedRun()))).toBeNull();
    const state = store.getState();
    expect(state.header).toMatchObject({ status: "running", routineId: null, routineName: "Planned request" });
    // Planner turns and the actor's turn; the report's tokens are that turn's, not counted twice.
    expect(state.header).toMatchObject({ inputTokens: 270, outputTokens: 27 });
    expect(state.plan?.tasks.map((item) => [item.id, item.status])).toEqual([
      ["t1", "done"],
      ["t2", "pending"],
    ]);
    expect(state.planChange).toMatchObject({ by: "planner", summary: "Round 2" });
    expect(selectTaskStatus(state, "t2", "pending")).toBe("running");
    expect(taskCounts(state.plan)).toEqual({ done: 1, total: 2, failed: 0, dropped: 0 });
    expect(selectAgentLog(state).map((entry) => entry.kind)).toEqual([
      "planner",
      "plan",
      "task",
      "turn",
      "call",
      "task",
      "planner",
      "plan",
      "task",
    ]);
    expect(selectAgentLog(state)[5]).toMatchObject({ kind: "task", event: "reported", report: "Ada has 12 days." });
  });

  it("draws each call as a step in its task's frame, never as a call outside the steps", () => {
    const store = createRunViewStore(plannedSnapshot());
    store.getState().applyEvents(eventsFrom(1, plannedRun()));
    const state = store.getState();
    expect(state.routine.stages.map((stage) => [stage.id, stage.name])).toEqual([["t1", "Task t1"]]);
    expect(state.routine.steps).toMatchObject([
      { id: "t1-c1", kind: "tool", stageId: "t1", tool: { server: "hr", name: "get_balance" } },
    ]);
    expect(state.routine.steps[0].position).toBeDefined();
    expect(selectExtraStepIds(state)).toEqual([]);
    expect(selectNodeRunView(state, "t1-c1").state).toBe("succeeded");
    expect(selectTaskCalls(state, "t1")).toEqual(["t1-c1"]);
  });

  it("grows the graph when a call is sent or the list changes, and leaves it alone for a call's progress", () => {
    const store = createRunViewStore(plannedSnapshot());
    const events = eventsFrom(1, plannedRun());
    store.getState().applyEvents(events);
    const before = store.getState();
    const next = eventsFrom(events.length + 1, call("t2-c1", "notify_manager"));
    store.getState().applyEvents(next.slice(0, 1));
    expect(store.getState().routine).toBe(before.routine);
    store.getState().applyEvents(next.slice(1, 2));
    const grown = store.getState();
    expect(grown.routine.steps.map((step) => step.id)).toEqual(["t1-c1", "t2-c1"]);
    expect(grown.routine.edges).toMatchObject([{ source: "t1-c1", target: "t2-c1" }]);
    // What was drawn stays where it was; the new task's frame goes below it.
    expect(grown.routine.steps[0].position).toEqual(before.routine.steps[0].position);
    expect(grown.routine.steps[1].position!.y).toBeGreaterThan(grown.routine.steps[0].position!.y);
    // The other task's call list keeps its identity: its row does not re-render.
    expect(selectTaskCalls(grown, "t1")).toBe(selectTaskCalls(before, "t1"));
    store.getState().applyEvents(next.slice(2));
    expect(store.getState().routine).toBe(grown.routine);
    expect(selectNodeRunView(store.getState(), "t2-c1").state).toBe("succeeded");

    // A list change that only moves statuses draws the same graph: the canvas keeps its nodes.
    const more = eventsFrom(events.length + next.length + 1, [
      planned(3, [task("t1", "done"), task("t2", "done")]),
      planned(4, [task("t1", "done", { title: "Look up Ada" }), task("t2", "done")]),
      planned(5, [task("t1", "done", { title: "Look up Ada" }), task("t2", "done")], "Ada has 12 days."),
    ]);
    store.getState().applyEvents(more.slice(0, 1));
    expect(store.getState().routine).toBe(grown.routine);
    store.getState().applyEvents(more.slice(1, 2));
    expect(store.getState().routine.stages[0].name).toBe("Look up Ada");
    store.getState().applyEvents(more.slice(2));
    expect(store.getState().routine.steps.at(-1)).toMatchObject({ kind: "end", name: "Answer" });
  });

  it("shows the stored list before any event, and the history folded in one update agrees with the live fold", () => {
    const stored: PlanState = { round: 2, tasks: [task("t1", "done"), task("t2", "pending")], answer: null };
    const live = createRunViewStore(plannedSnapshot(stored));
    expect(live.getState().plan).toEqual(stored);
    expect(live.getState().routine.steps).toEqual([]);
    const events = eventsFrom(1, plannedRun());
    for (const event of events) live.getState().applyEvents([event]);
    const replayed = createRunViewStore(plannedSnapshot(stored));
    replayed.getState().replaceWithHistory(events);
    const pick = (state: ReturnType<typeof live.getState>) => ({
      header: state.header,
      plan: state.plan,
      routine: state.routine,
      callOrder: state.callOrder,
      activeTaskId: state.activeTaskId,
      log: state.agentLog,
    });
    expect(pick(replayed.getState())).toEqual(pick(live.getState()));
  });

  it("keeps a 150-task plan with a call per task cheap to fold and drawn without overlaps", () => {
    const tasks = Array.from({ length: 150 }, (_, index) => task(`t${index + 1}`, "done"));
    const inputs: RunEventInput[] = [planned(1, tasks)];
    for (const item of tasks) inputs.push(...call(`${item.id}-c1`, "get_balance"));
    const store = createRunViewStore(plannedSnapshot());
    const started = performance.now();
    store.getState().replaceWithHistory(eventsFrom(1, inputs));
    expect(performance.now() - started).toBeLessThan(1_000);
    const { routine } = store.getState();
    expect(routine.steps).toHaveLength(150);
    const ys = routine.steps.map((step) => step.position!.y);
    expect(ys.every((y, index) => index === 0 || y > ys[index - 1])).toBe(true);
    expect(taskCounts(store.getState().plan)).toMatchObject({ done: 150, total: 150 });
  });
});

describe("a planned run's answer on the canvas", () => {
  const answered = (status: "succeeded" | "failed" | "cancelled"): RunEventInput[] => [
    ...plannedRun(),
    ...call("t2-c1", "notify_manager"),
    planned(3, [task("t1", "done"), task("t2", "done")], "Ada has 12 days; her manager knows."),
    { type: "run.finished", data: { status, durationMs: 900, inputTokens: 270, outputTokens: 27 } },
  ];
  const intoAnswer = (state: ReturnType<ReturnType<typeof createRunViewStore>["getState"]>) =>
    state.routine.edges.find((edge) => edge.target === "end")!;

  it("is pending with a dashed way in until the run finishes, then done and reached, live and from a reload", () => {
    const events = eventsFrom(1, answered("succeeded"));
    const live = createRunViewStore(plannedSnapshot());
    live.getState().applyEvents(events.slice(0, -1));
    expect(selectNodeRunView(live.getState(), "end").state).toBe("pending");
    expect(selectEdgeTaken(live.getState(), intoAnswer(live.getState()))).toBe(false);
    live.getState().applyEvents(events.slice(-1));
    expect(selectNodeRunView(live.getState(), "end").state).toBe("succeeded");
    expect(selectEdgeTaken(live.getState(), intoAnswer(live.getState()))).toBe(true);

    // A reload: the stored status and list, then the history replayed.
    const base = plannedSnapshot(live.getState().plan);
    const reloaded = createRunViewStore({ ...base, header: { ...base.header, status: "succeeded" } });
    reloaded.getState().replaceWithHistory(events);
    expect(selectNodeRunView(reloaded.getState(), "end").state).toBe("succeeded");
    expect(selectEdgeTaken(reloaded.getState(), intoAnswer(reloaded.getState()))).toBe(true);
  });

  it("shows a run that failed or was cancelled after the answer as failed or cancelled, never reached", () => {
    for (const status of ["failed", "cancelled"] as const) {
      const store = createRunViewStore(plannedSnapshot());
      store.getState().applyEvents(eventsFrom(1, answered(status)));
      expect(selectNodeRunView(store.getState(), "end").state, status).toBe(status);
      expect(selectEdgeTaken(store.getState(), intoAnswer(store.getState())), status).toBe(false);
    }
  });
});

describe("the run view of a routine run", () => {
  it("never rebuilds its routine: the canvas keeps its nodes for the whole run", () => {
    const store = createRunViewStore(snapshotOf());
    const routine = store.getState().routine;
    for (const event of eventsFrom(1, happyStart())) store.getState().applyEvents([event]);
    expect(store.getState().routine).toBe(routine);
    expect(store.getState().plan).toBeNull();
  });
});
