import { describe, expect, it } from "vitest";
import { DEFAULT_CONTEXT_SETTINGS } from "../../../context-modes";
import { configurationContext, executionPlanOf } from "../eval-plans";
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

describe("a configuration's context settings", () => {
  const inEffect = { mode: "plan-aware", lookahead: 3, budgetTokens: 5000, compressTokens: 800 } as const;

  it("are its context mode over the settings in effect, or the settings in effect when it names none", () => {
    expect(configurationContext({ ...config, mode: "agent", contextMode: "full" }, inEffect)).toEqual({
      ...inEffect,
      mode: "full",
    });
    expect(configurationContext({ ...config, mode: "agent" }, inEffect)).toEqual(inEffect);
  });

  it("go into every case run's plan, workflow or agent; a run stored without them leaves the engine's defaults", () => {
    const context = { ...DEFAULT_CONTEXT_SETTINGS, mode: "compressed" as const };
    expect(executionPlanOf({ ...config, mode: "workflow", context })).toEqual({ mode: "workflow", context });
    expect(executionPlanOf({ ...config, mode: "baseline", context })).toMatchObject({
      mode: "agent",
      routine: "none",
      context,
    });
    expect(executionPlanOf({ ...config, mode: "agent" })).not.toHaveProperty("context");
  });
});

describe("readRunConfigurations", () => {
  it("reads stored configurations with their defaults, and unreadable JSON as none", () => {
    expect(readRunConfigurations('[{"versionId":"v1","mode":"agent"}]')).toEqual([
      { versionId: "v1", model: "", mode: "agent", distractors: 0, distractorVersionIds: [] },
    ]);
    const context = { mode: "full", lookahead: 1, budgetTokens: 4000, compressTokens: 500 };
    expect(
      readRunConfigurations(JSON.stringify([{ versionId: "v1", mode: "workflow", contextMode: "full", context }])),
    ).toEqual([
      {
        versionId: "v1",
        model: "",
        mode: "workflow",
        distractors: 0,
        distractorVersionIds: [],
        contextMode: "full",
        context,
      },
    ]);
    expect(readRunConfigurations("not json")).toEqual([]);
    expect(readRunConfigurations('[{"mode":"nonsense"}]')).toEqual([]);
  });
});
