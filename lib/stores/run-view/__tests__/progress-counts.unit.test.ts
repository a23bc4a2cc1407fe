import { describe, expect, it } from "vitest";
import { createRunViewStore } from "../run-view-store";
import { progressSummary, selectProgressCounts } from "../selectors";
import { eventsFrom, happyStart, ref, snapshotOf } from "./run-view-factories";

// The progress list's count line: a way a branch did not take is skipped, not done, and the operator reads both.

describe("the progress count", () => {
  it("counts a skipped branch apart from the steps done, also once the run succeeded", () => {
    const store = createRunViewStore(snapshotOf());
    store.getState().applyEvents(
      eventsFrom(1, [
        ...happyStart(),
        { type: "step.skipped", data: { stepId: "notify", reason: "the other way was taken" } },
        { type: "step.succeeded", data: { ...ref("approve"), durationMs: 10 } },
        {
          type: "run.finished",
          data: { status: "succeeded", durationMs: 5000, inputTokens: 300, outputTokens: 20 },
        },
      ]),
    );
    const counts = selectProgressCounts(store.getState());
    expect(counts).toEqual({ done: 3, skipped: 1, total: 4 });
    expect(progressSummary(counts)).toBe("3 of 4 steps done · 1 skipped");
  });

  it("says nothing of skipped steps when there are none", () => {
    const store = createRunViewStore(snapshotOf());
    store.getState().applyEvents(eventsFrom(1, happyStart()));
    expect(progressSummary(selectProgressCounts(store.getState()))).toBe("2 of 4 steps done");
  });
});
