import { describe, expect, it } from "vitest";
import { executionPlanOf } from "../eval-plans";
import { readRunConfigurations } from "../eval-records";

const config = { versionId: "v1", model: "", distractors: 0, distractorVersionIds: [] as string[] };

describe("executionPlanOf", () => {
  it("maps each eval mode to the run's execution plan, as the paper's columns", () => {
    expect(executionPlanOf({ ...config, mode: "workflow" })).toEqual({ mode: "workflow" });
    expect(executionPlanOf({ ...config, mode: "agent" })).toEqual({
      mode: "agent",
      routine: "full",
      distractorVersionIds: [],
    });
    expect(executionPlanOf({ ...config, mode: "agent_ablated" })).toMatchObject({ mode: "agent", routine: "ablated" });
    expect(executionPlanOf({ ...config, mode: "baseline" })).toMatchObject({ mode: "agent", routine: "none" });
  });

  it("passes the model override, and distractors to agent modes with a routine only", () => {
    const distracted = { ...config, model: " small-model ", distractors: 2, distractorVersionIds: ["a", "b"] };
    expect(executionPlanOf({ ...distracted, mode: "agent" })).toEqual({
      mode: "agent",
      routine: "full",
      distractorVersionIds: ["a", "b"],
      model: "small-model",
    });
    expect(executionPlanOf({ ...distracted, mode: "baseline" })).toMatchObject({ distractorVersionIds: [] });
    expect(executionPlanOf({ ...distracted, mode: "workflow" })).toEqual({ mode: "workflow", model: "small-model" });
  });
});

describe("readRunConfigurations", () => {
  it("reads stored configurations with their defaults, and unreadable JSON as none", () => {
    expect(readRunConfigurations('[{"versionId":"v1","mode":"agent"}]')).toEqual([
      { versionId: "v1", model: "", mode: "agent", distractors: 0, distractorVersionIds: [] },
    ]);
    expect(readRunConfigurations("not json")).toEqual([]);
    expect(readRunConfigurations('[{"mode":"nonsense"}]')).toEqual([]);
  });
});
