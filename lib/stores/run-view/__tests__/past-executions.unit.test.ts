import { describe, expect, it } from "vitest";
import { applyRunEvents } from "../apply-events";
import { stateFromSnapshot } from "../run-view-state";
import { eventsFrom, ref, snapshotOf } from "./run-view-factories";

const model = (stepId: string, stepRunId: string, iteration: number, inputTokens: number) => ({
  type: "step.model" as const,
  data: { ...ref(stepId, stepRunId, iteration), content: null, toolCalls: [], inputTokens, outputTokens: 1 },
});

describe("earlier executions in the run view", () => {
  it("keeps a loop's earlier pass when the next one starts, so its tokens still count", () => {
    const { state } = applyRunEvents(
      stateFromSnapshot(snapshotOf()),
      eventsFrom(1, [
        { type: "step.started", data: { ...ref("notify", "n1", 1), attempt: 1 } },
        model("notify", "n1", 1, 100),
        { type: "step.succeeded", data: { ...ref("notify", "n1", 1), durationMs: 5 } },
        { type: "step.started", data: { ...ref("notify", "n2", 2), attempt: 1 } },
        model("notify", "n2", 2, 40),
      ]),
    );
    expect(state.steps.notify).toMatchObject({ stepRunId: "n2", inputTokens: 40 });
    expect(state.pastExecutions.notify).toEqual([
      expect.objectContaining({ stepRunId: "n1", iteration: 1, state: "succeeded", inputTokens: 100 }),
    ]);
    // Another attempt of the same execution is not a new one.
    const again = applyRunEvents(
      state,
      eventsFrom(6, [{ type: "step.started", data: { ...ref("notify", "n2", 2), attempt: 2 } }]),
    ).state;
    expect(again.pastExecutions.notify).toHaveLength(1);
  });

  it("keeps the failed run of a step re-run with an edited input", () => {
    const { state } = applyRunEvents(
      stateFromSnapshot(snapshotOf()),
      eventsFrom(1, [
        { type: "step.started", data: { ...ref("lookup", "l1", 1), attempt: 1 } },
        { type: "step.failed", data: { ...ref("lookup", "l1", 1), error: "no such id", durationMs: 3 } },
        {
          type: "step.intervention",
          data: { ...ref("lookup", "l2", 2), by: "Olive", action: "input_edited" },
        },
      ]),
    );
    expect(state.steps.lookup).toMatchObject({ stepRunId: "l2", state: "pending" });
    expect(state.pastExecutions.lookup?.map((past) => [past.stepRunId, past.state])).toEqual([["l1", "failed"]]);
  });

  it("reads every execution but the latest of each step from the page's snapshot", () => {
    const row = (stepRunId: string, iteration: number, inputTokens: number) => ({
      stepRunId,
      stepId: "notify",
      iteration,
      state: "succeeded" as const,
      attempt: 1,
      input: null,
      output: null,
      outputRef: null,
      error: null,
      inputTokens,
      outputTokens: 0,
      startedAt: null,
      finishedAt: null,
    });
    const state = stateFromSnapshot(snapshotOf(undefined, { steps: [row("n2", 2, 20), row("n1", 1, 10)] }));
    expect(state.steps.notify).toMatchObject({ stepRunId: "n2", inputTokens: 20 });
    expect(state.pastExecutions.notify?.map((past) => past.stepRunId)).toEqual(["n1"]);
    expect(state.pastExecutions.lookup).toBeUndefined();
  });
});
