import { describe, expect, it } from "vitest";
import type { RunEventInput } from "../../../events";
import { createRunViewStore } from "../run-view-store";
import { stateFromSnapshot } from "../run-view-state";
import {
  selectAgentLog,
  selectExtraStepIds,
  selectNodeRunView,
  selectProgressCounts,
  selectRunMode,
} from "../selectors";
import { eventsFrom, ref, snapshotOf } from "./run-view-factories";

const agentSnapshot = () => snapshotOf(undefined, { header: { ...snapshotOf().header, mode: "agent" } });

/** An agent run: a turn asking for get_employee (served by "lookup"), one refused, one call outside the steps. */
function agentRun(): RunEventInput[] {
  return [
    {
      type: "run.queued",
      data: { routineId: "routine-1", routineName: "Leave request", versionNumber: 3, inputs: { employee_id: "E-1" } },
    },
    { type: "run.started", data: {} },
    {
      type: "agent.turn",
      data: {
        turn: 1,
        content: null,
        toolCalls: [{ name: "get_employee", arguments: '{"employee_id":"E-1"}' }],
        inputTokens: 500,
        outputTokens: 30,
      },
    },
    { type: "step.started", data: { ...ref("lookup"), attempt: 1, input: { employee_id: "E-1" } } },
    {
      type: "step.tool_call",
      data: { ...ref("lookup"), server: "hr", tool: "get_employee", arguments: { employee_id: "E-1" }, byModel: true },
    },
    { type: "step.output", data: { ...ref("lookup"), output: { name: "Ada" } } },
    { type: "step.succeeded", data: { ...ref("lookup"), durationMs: 40 } },
    {
      type: "agent.turn",
      data: {
        turn: 2,
        content: "Let me delete the record.",
        toolCalls: [{ name: "delete_employee", arguments: "{}" }],
        inputTokens: 700,
        outputTokens: 20,
      },
    },
    {
      type: "agent.call_refused",
      data: { turn: 2, tool: "delete_employee", reason: "delete_employee is not a tool of this routine." },
    },
    { type: "step.started", data: { ...ref("call:get_balance"), attempt: 1 } },
    {
      type: "step.tool_call",
      data: { ...ref("call:get_balance"), server: "hr", tool: "get_balance", arguments: {}, byModel: true },
    },
    { type: "step.succeeded", data: { ...ref("call:get_balance"), durationMs: 5 } },
  ];
}

describe("the run view in agent mode", () => {
  it("logs turns, calls and a refused call with its reason, and counts the turns' tokens", () => {
    const store = createRunViewStore(agentSnapshot());
    expect(store.getState().applyEvents(eventsFrom(1, agentRun()))).toBeNull();
    const state = store.getState();
    expect(selectRunMode(state)).toBe("agent");
    expect(state.header).toMatchObject({ inputTokens: 1200, outputTokens: 50, status: "running" });
    expect(selectAgentLog(state).map((entry) => [entry.kind, entry.seq])).toEqual([
      ["turn", 3],
      ["call", 5],
      ["turn", 8],
      ["refused", 9],
      ["call", 11],
    ]);
    expect(selectAgentLog(state)[3]).toMatchObject({
      kind: "refused",
      turn: 2,
      tool: "delete_employee",
      reason: "delete_employee is not a tool of this routine.",
    });
    expect(selectAgentLog(state)[0]).toMatchObject({
      toolCalls: [{ name: "get_employee", arguments: '{"employee_id":"E-1"}' }],
    });
    expect(selectAgentLog(state)[1]).toMatchObject({ kind: "call", stepId: "lookup", tool: "get_employee" });
  });

  it("lists a call to a tool no step uses beside the routine's steps without counting it as one", () => {
    const store = createRunViewStore(agentSnapshot());
    store.getState().applyEvents(eventsFrom(1, agentRun()));
    const state = store.getState();
    expect(selectExtraStepIds(state)).toEqual(["call:get_balance"]);
    expect(selectNodeRunView(state, "call:get_balance").state).toBe("succeeded");
    expect(selectNodeRunView(state, "lookup").state).toBe("succeeded");
    // The progress count is the routine's: four steps besides the end, one of them done.
    expect(selectProgressCounts(state)).toEqual({ done: 1, skipped: 0, total: 4 });
    expect(state.routine.steps.map((step) => step.id)).not.toContain("call:get_balance");
  });

  it("touches one step per event: a refused call or a turn re-creates no step object", () => {
    const store = createRunViewStore(agentSnapshot());
    const events = eventsFrom(1, agentRun());
    store.getState().applyEvents(events.slice(0, 7));
    const before = store.getState();
    store.getState().applyEvents(events.slice(7, 9));
    const after = store.getState();
    expect(after.steps).toBe(before.steps);
    expect(after.agentLog).not.toBe(before.agentLog);
    store.getState().applyEvents(events.slice(9, 10));
    const started = store.getState();
    for (const id of Object.keys(after.steps)) expect(started.steps[id]).toBe(after.steps[id]);
  });

  it("builds the same log from the history replay as live, and keeps stored outside calls listed after a reload", () => {
    const live = createRunViewStore(agentSnapshot());
    const events = eventsFrom(1, agentRun());
    for (const event of events) live.getState().applyEvents([event]);
    const replayed = createRunViewStore(agentSnapshot());
    expect(replayed.getState().replaceWithHistory(events)).toBeNull();
    expect(replayed.getState().agentLog).toEqual(live.getState().agentLog);
    expect(replayed.getState().extraStepIds).toEqual(["call:get_balance"]);

    const reloaded = stateFromSnapshot({
      ...agentSnapshot(),
      steps: [
        {
          stepRunId: "sr-x",
          stepId: "call:get_balance",
          iteration: 1,
          state: "succeeded",
          attempt: 1,
          input: {},
          output: { days: 3 },
          outputRef: null,
          error: null,
          inputTokens: 0,
          outputTokens: 0,
          startedAt: null,
          finishedAt: null,
        },
      ],
    });
    expect(reloaded.extraStepIds).toEqual(["call:get_balance"]);
    expect(reloaded.steps["call:get_balance"]?.output).toEqual({ days: 3 });
  });

  it("reads a run without a mode as a workflow, and logs no routine step's call there", () => {
    const store = createRunViewStore(snapshotOf());
    const workflow = agentRun().filter((event) => !event.type.startsWith("agent."));
    store.getState().applyEvents(eventsFrom(1, workflow));
    expect(selectRunMode(store.getState())).toBe("workflow");
    expect(store.getState().agentLog.map((entry) => entry.kind === "call" && entry.stepId)).toEqual([
      "call:get_balance",
    ]);
  });
});
