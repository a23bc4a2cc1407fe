import { describe, expect, it } from "vitest";
import { createRunViewStore } from "../run-view-store";
import { selectRunLog } from "../selectors";
import { eventsFrom, happyStart, ref, snapshotOf } from "./run-view-factories";

describe("the run's context use in the run view", () => {
  it("sums what the model turns carried beside full history, and logs a refused compressor answer", () => {
    const turn = (contextTokens: number, fullContextTokens: number, contextMode: "plan-aware" | "compressed") => ({
      type: "step.model" as const,
      data: {
        ...ref("lookup"),
        content: null,
        toolCalls: [],
        inputTokens: 9,
        outputTokens: 1,
        contextMode,
        contextTokens,
        fullContextTokens,
      },
    });
    const store = createRunViewStore(snapshotOf());
    store.getState().applyEvents(
      eventsFrom(1, [
        ...happyStart(),
        turn(900, 2_000, "compressed"),
        {
          type: "context.compressed",
          data: {
            ...ref("lookup"),
            accepted: false,
            reason: "The compressor model failed: HTTP 503; the prompt stays plan-aware.",
            beforeTokens: 1_500,
            inputTokens: 0,
            outputTokens: 0,
          },
        },
        turn(1_100, 3_000, "plan-aware"),
        // A turn recorded before context modes existed says nothing and counts nothing.
        {
          type: "step.model",
          data: { ...ref("lookup"), content: null, toolCalls: [], inputTokens: 5, outputTokens: 1 },
        },
      ]),
    );
    expect(store.getState().contextUse).toEqual({
      mode: "plan-aware",
      tokens: 2_000,
      fullTokens: 5_000,
      turns: 2,
      refused: 1,
      accepted: 0,
    });
    expect(selectRunLog(store.getState()).at(-1)).toMatchObject({
      kind: "context",
      reason: "The compressor model failed: HTTP 503; the prompt stays plan-aware.",
    });
  });
});
