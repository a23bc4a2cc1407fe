import { describe, expect, it } from "vitest";
import { createRunViewStore } from "../run-view-store";
import { selectRunLog } from "../selectors";
import { eventsFrom, happyStart, ref, snapshotOf } from "./run-view-factories";

describe("operators' interventions in the run view", () => {
  it("lists operators' interventions on stages and steps with their reasons, and explained status changes", () => {
    const store = createRunViewStore(snapshotOf());
    store.getState().applyEvents(
      eventsFrom(1, [
        ...happyStart(),
        {
          type: "stage.intervention",
          data: { stageId: "collect", by: "Olive Operator", action: "cancelled", reason: "Not needed today" },
        },
        {
          type: "step.intervention",
          data: { ...ref("approve"), by: "Olive Operator", action: "skipped", reason: "Done by phone" },
        },
        { type: "step.started", data: { ...ref("notify"), attempt: 1 } },
      ]),
    );
    const log = selectRunLog(store.getState());
    expect(log.map((entry) => [entry.kind, "reason" in entry ? entry.reason : null])).toEqual([
      ["run", "Waiting for a person"],
      ["stage", "Not needed today"],
      ["step", "Done by phone"],
    ]);
    expect(log[1]).toMatchObject({ stageId: "collect", by: "Olive Operator", action: "cancelled" });
    // The catch-up after opening the page rebuilds the same log from the history.
    const again = createRunViewStore(snapshotOf());
    again
      .getState()
      .replaceWithHistory(
        eventsFrom(1, [
          ...happyStart(),
          { type: "stage.intervention", data: { stageId: "collect", by: "Olive Operator", action: "retried" } },
        ]),
      );
    expect(selectRunLog(again.getState()).at(-1)).toMatchObject({ kind: "stage", action: "retried", reason: null });
  });

  it("ends a step an operator skipped while it waited at the skip; a step never reached keeps no times", () => {
    const store = createRunViewStore(snapshotOf());
    store
      .getState()
      .applyEvents(
        eventsFrom(1, [
          ...happyStart(),
          { type: "step.skipped", data: { stepId: "approve", reason: "Skipped by Olive: done by phone" } },
          { type: "step.skipped", data: { stepId: "notify", reason: "Not on the path this run took." } },
        ]),
      );
    const { approve, notify } = store.getState().steps;
    expect(approve).toMatchObject({ state: "skipped", finishedAt: "2026-11-01T00:00:15.000Z" });
    expect(notify).toMatchObject({ state: "skipped", startedAt: null, finishedAt: null });
  });
});
