import { describe, expect, it } from "vitest";
import { costText, durationText, HIERARCHY_STATUS_STYLE, isActive, progressText, tokensText } from "./stage-style";
import { stageKeyOf, stageTestKey, UNSTAGED_KEY } from "./stage-keys";

type Totals = Parameters<typeof durationText>[0];
const makeTotals = (overrides: Partial<Totals> = {}): Totals => ({
  status: "succeeded",
  startedAt: "2025-06-15T12:00:00.000Z",
  finishedAt: "2025-06-15T12:01:05.000Z",
  durationMs: 65_000,
  inputTokens: 1_200,
  outputTokens: 34,
  cost: 0.0042,
  stepsDone: 3,
  stepsTotal: 5,
  ...overrides,
});
const STARTED = Date.parse("2025-06-15T12:00:00.000Z");

describe("durationText", () => {
  it("shows how long a finished stage took", () => {
    expect(durationText(makeTotals(), STARTED + 999_999)).toBe("1 min 05 s");
  });

  it("counts up for a stage still running, waiting for a person or paused", () => {
    for (const status of ["running", "waiting", "paused"] as const)
      expect(durationText(makeTotals({ status, durationMs: null, finishedAt: null }), STARTED + 12_000), status).toBe(
        "12 s",
      );
  });

  it("shows a dash before a stage started, and for one that stopped without a duration", () => {
    expect(durationText(makeTotals({ status: "pending", startedAt: null, durationMs: null }), STARTED)).toBe("—");
    expect(durationText(makeTotals({ status: "cancelled", durationMs: null }), STARTED + 5_000)).toBe("—");
  });
});

describe("stage figures", () => {
  it("adds input and output tokens", () => {
    expect(tokensText(makeTotals())).toBe("1,234");
  });

  it("shows the cost, or says it is unknown when a model's price is", () => {
    expect(costText(makeTotals())).toBe("$0.0042");
    expect(costText(makeTotals({ cost: null }))).toBe("unknown");
  });

  it("counts the steps done out of the stage's steps", () => {
    expect(progressText(makeTotals())).toBe("3 / 5 steps");
  });

  it("treats running, waiting and paused stages as active, and no others", () => {
    const active = Object.keys(HIERARCHY_STATUS_STYLE).filter((status) => isActive(status as Totals["status"]));
    expect(active.sort()).toEqual(["paused", "running", "waiting"]);
  });

  it("names a held stage Paused, beside the step states' own words", () => {
    expect(HIERARCHY_STATUS_STYLE.paused).toMatchObject({ label: "Paused", tone: "warning" });
    expect(HIERARCHY_STATUS_STYLE.failed.label).toBe("Failed");
  });
});

describe("stage keys", () => {
  it("keys a stage by its id and the steps in no stage apart from every stage", () => {
    expect(stageKeyOf({ stageId: "collect" })).toBe("collect");
    expect(stageKeyOf({ stageId: null })).toBe(UNSTAGED_KEY);
    expect(stageTestKey({ stageId: null })).toBe("unstaged");
    expect(stageTestKey({ stageId: "collect" })).toBe("collect");
  });
});
