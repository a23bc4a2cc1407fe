import { describe, expect, it } from "vitest";
import { applyRunEvents } from "../apply-events";
import { createRunViewStore } from "../run-view-store";
import { stateFromSnapshot } from "../run-view-state";
import { selectEdgeTaken, selectNodeRunView, selectProgressCounts } from "../selectors";
import { eventsFrom, happyStart, ref, snapshotOf } from "./run-view-factories";

describe("the run view's event reducer", () => {
  it("follows a run step by step: states, the tool call, model turns and tokens, the branch taken, the wait", () => {
    const store = createRunViewStore(snapshotOf());
    expect(store.getState().applyEvents(eventsFrom(1, happyStart()))).toBeNull();
    const state = store.getState();
    expect(state.header).toMatchObject({
      status: "waiting",
      statusReason: "Waiting for a person",
      startedAt: "2026-11-01T00:00:02.000Z",
      inputTokens: 300,
      outputTokens: 20,
    });
    expect(Object.fromEntries(Object.values(state.steps).map((step) => [step.stepId, step.state]))).toEqual({
      lookup: "succeeded",
      check: "succeeded",
      approve: "waiting",
      notify: "pending",
      done: "pending",
    });
    expect(state.steps.lookup).toMatchObject({
      toolCall: { tool: "get_employee", arguments: { employee_id: "E-1" } },
      output: { name: "Ada" },
      durationMs: 40,
    });
    expect(state.steps.check.modelTurns).toEqual([
      {
        at: "2026-11-01T00:00:09.000Z",
        content: "She has 12 days.",
        toolCalls: [],
        inputTokens: 300,
        outputTokens: 20,
      },
    ]);
    expect(state.steps.approve.waiting).toEqual({
      for: "person",
      instruction: "Approve the leave",
      childRunId: undefined,
    });
    expect(selectNodeRunView(state, "approve")).toMatchObject({ state: "waiting", waitingFor: "person" });
    expect(selectProgressCounts(state)).toEqual({ done: 2, skipped: 0, total: 4 });
    const edge = (id: string) => state.routine.edges.find((candidate) => candidate.id === id)!;
    expect(["e1", "yes", "no", "e4"].map((id) => selectEdgeTaken(state, edge(id)))).toEqual([true, true, false, false]);
  });

  it("ignores duplicates and keeps every untouched step's object (one event, one node)", () => {
    const base = stateFromSnapshot(snapshotOf());
    const first = applyRunEvents(base, eventsFrom(1, happyStart().slice(0, 6))).state;
    expect(applyRunEvents(first, eventsFrom(1, happyStart().slice(0, 6))).state).toBe(first);
    const next = applyRunEvents(
      first,
      eventsFrom(7, [{ type: "step.started", data: { ...ref("check"), attempt: 1 } }]),
    ).state;
    expect(next.steps.check.state).toBe("running");
    expect(next.steps.lookup).toBe(first.steps.lookup);
    expect(next.steps.approve).toBe(first.steps.approve);
    expect(next.routine).toBe(first.routine);
    // A batch with an old event and a new one applies the new one only.
    const mixed = applyRunEvents(next, [
      ...eventsFrom(6, [{ type: "step.failed", data: { ...ref("lookup"), error: "late duplicate", durationMs: 1 } }]),
      ...eventsFrom(8, [{ type: "step.succeeded", data: { ...ref("check"), durationMs: 5 } }]),
    ]);
    expect(mixed.state.steps.lookup.state).toBe("succeeded");
    expect(mixed.state.steps.check.state).toBe("succeeded");
    expect(mixed.state.lastSeq).toBe(8);
  });

  it("stops at a gap and says which seq it expected, keeping what came before it", () => {
    const base = stateFromSnapshot(snapshotOf());
    const events = eventsFrom(1, happyStart());
    const { state, gapAt } = applyRunEvents(base, [...events.slice(0, 3), ...events.slice(4)]);
    expect(gapAt).toBe(4);
    expect(state.lastSeq).toBe(3);
    expect(state.steps.lookup.state).toBe("running");
    expect(state.steps.check.state).toBe("pending");
  });

  it("shows a failure with its error; a retry of the failed run puts the step back to pending, then it succeeds", () => {
    const store = createRunViewStore(snapshotOf());
    store.getState().applyEvents(
      eventsFrom(1, [
        { type: "run.started", data: {} },
        { type: "step.started", data: { ...ref("lookup"), attempt: 1 } },
        { type: "step.retrying", data: { ...ref("lookup"), attempt: 2, reason: "timeout", delayMs: 500 } },
        { type: "step.started", data: { ...ref("lookup"), attempt: 2 } },
        { type: "step.failed", data: { ...ref("lookup"), error: "Unknown employee E-404", durationMs: 30 } },
        {
          type: "run.finished",
          data: {
            status: "failed",
            error: "Look up failed: Unknown employee E-404",
            durationMs: 40,
            inputTokens: 0,
            outputTokens: 0,
          },
        },
      ]),
    );
    expect(selectNodeRunView(store.getState(), "lookup")).toMatchObject({
      state: "failed",
      attempt: 2,
      error: "Unknown employee E-404",
    });
    expect(store.getState().header).toMatchObject({
      status: "failed",
      error: "Look up failed: Unknown employee E-404",
      finishedAt: expect.any(String),
    });

    store.getState().applyEvents(
      eventsFrom(7, [
        { type: "step.intervention", data: { ...ref("lookup"), by: "Olive Operator", action: "retried" } },
        { type: "run.status", data: { status: "queued", reason: 'Olive Operator retried "Look up".' } },
      ]),
    );
    expect(store.getState().steps.lookup).toMatchObject({ state: "pending", error: null });
    expect(store.getState().header).toMatchObject({ status: "queued", error: null, finishedAt: null });

    store.getState().applyEvents(
      eventsFrom(9, [
        { type: "step.started", data: { ...ref("lookup"), attempt: 3 } },
        { type: "step.succeeded", data: { ...ref("lookup"), durationMs: 12 } },
      ]),
    );
    const lookup = store.getState().steps.lookup;
    expect(lookup).toMatchObject({ state: "succeeded", attempt: 3, error: null });
    expect(lookup.retries).toHaveLength(1);
    expect(lookup.interventions.map((item) => item.action)).toEqual(["retried"]);
  });

  it("re-runs a step with an edited input as a new execution, the earlier one's error gone", () => {
    const store = createRunViewStore(snapshotOf());
    store.getState().applyEvents(
      eventsFrom(1, [
        { type: "step.started", data: { ...ref("lookup"), attempt: 1, input: { employee_id: "E-404" } } },
        { type: "step.failed", data: { ...ref("lookup"), error: "Unknown employee E-404", durationMs: 30 } },
        {
          type: "run.finished",
          data: { status: "failed", error: "failed", durationMs: 40, inputTokens: 0, outputTokens: 0 },
        },
        {
          type: "step.intervention",
          data: { ...ref("lookup", "sr-lookup-2", 2), by: "Olive Operator", action: "input_edited" },
        },
        { type: "run.status", data: { status: "queued" } },
      ]),
    );
    expect(store.getState().steps.lookup).toMatchObject({
      state: "pending",
      stepRunId: "sr-lookup-2",
      iteration: 2,
      error: null,
      input: undefined,
    });
    store.getState().applyEvents(
      eventsFrom(6, [
        {
          type: "step.started",
          data: { ...ref("lookup", "sr-lookup-2", 2), attempt: 1, input: { employee_id: "E-1" } },
        },
        { type: "step.succeeded", data: { ...ref("lookup", "sr-lookup-2", 2), durationMs: 12 } },
      ]),
    );
    expect(store.getState().steps.lookup).toMatchObject({
      state: "succeeded",
      iteration: 2,
      input: { employee_id: "E-1" },
      error: null,
    });
  });

  it("starts a later iteration (a loop) from a clean view and ignores late events of the earlier one", () => {
    const base = stateFromSnapshot(snapshotOf());
    const { state } = applyRunEvents(
      base,
      eventsFrom(1, [
        { type: "step.started", data: { ...ref("notify"), attempt: 1 } },
        { type: "step.failed", data: { ...ref("notify"), error: "first time", durationMs: 1 } },
        { type: "step.started", data: { ...ref("notify", "sr-notify-2", 2), attempt: 1 } },
        {
          type: "step.model",
          data: { ...ref("notify"), content: "stale", toolCalls: [], inputTokens: 1, outputTokens: 1 },
        },
      ]),
    );
    expect(state.steps.notify).toMatchObject({
      state: "running",
      iteration: 2,
      stepRunId: "sr-notify-2",
      error: null,
      modelTurns: [],
    });
  });

  it("finishes with the engine's totals, outputs and error, skipped steps and cancellations", () => {
    const store = createRunViewStore(snapshotOf());
    store.getState().applyEvents(
      eventsFrom(1, [
        ...happyStart(),
        { type: "step.skipped", data: { stepId: "notify", reason: "the other way was taken" } },
        { type: "step.cancelled", data: { ...ref("approve") } },
        {
          type: "run.finished",
          data: {
            status: "cancelled",
            error: "Cancelled by Olive",
            durationMs: 5000,
            inputTokens: 320,
            outputTokens: 25,
          },
        },
      ]),
    );
    const state = store.getState();
    expect(state.header).toMatchObject({
      status: "cancelled",
      error: "Cancelled by Olive",
      inputTokens: 320,
      outputTokens: 25,
      finishedAt: expect.any(String),
    });
    expect(state.steps.notify).toMatchObject({ state: "skipped", skipReason: "the other way was taken" });
    expect(state.steps.approve.state).toBe("cancelled");
    // The skipped way is counted apart: it did nothing, so it is not done.
    expect(selectProgressCounts(state)).toEqual({ done: 2, skipped: 1, total: 4 });
  });

  it("replaces a snapshot with the fold of the whole history in one update, and agrees with it", () => {
    const events = eventsFrom(1, happyStart());
    const snapshot = snapshotOf(undefined, {
      lastSeq: events.length,
      header: {
        ...snapshotOf().header,
        status: "waiting",
        startedAt: "2026-11-01T00:00:02.000Z",
        inputTokens: 300,
        outputTokens: 20,
      },
      steps: [
        {
          stepRunId: "sr-lookup",
          stepId: "lookup",
          iteration: 1,
          state: "succeeded",
          attempt: 1,
          input: null,
          output: { name: "Ada" },
          outputRef: null,
          error: null,
          inputTokens: 0,
          outputTokens: 0,
          startedAt: null,
          finishedAt: null,
        },
        {
          stepRunId: "sr-check",
          stepId: "check",
          iteration: 1,
          state: "succeeded",
          attempt: 1,
          input: null,
          output: null,
          outputRef: null,
          error: null,
          inputTokens: 300,
          outputTokens: 20,
          startedAt: null,
          finishedAt: null,
        },
        {
          stepRunId: "sr-approve",
          stepId: "approve",
          iteration: 1,
          state: "waiting",
          attempt: 1,
          input: null,
          output: null,
          outputRef: null,
          error: null,
          inputTokens: 0,
          outputTokens: 0,
          startedAt: null,
          finishedAt: null,
        },
      ],
    });
    const store = createRunViewStore(snapshot);
    const before = Object.fromEntries(Object.values(store.getState().steps).map((step) => [step.stepId, step.state]));
    let updates = 0;
    store.subscribe(() => (updates += 1));
    expect(store.getState().replaceWithHistory(events)).toBeNull();
    expect(updates).toBe(1);
    const after = store.getState();
    expect(Object.fromEntries(Object.values(after.steps).map((step) => [step.stepId, step.state]))).toEqual(before);
    expect(after.header).toMatchObject({ status: "waiting", inputTokens: 300, outputTokens: 20 });
    expect(after.steps.check.modelTurns).toHaveLength(1);
    expect(after.lastSeq).toBe(events.length);
  });
});
