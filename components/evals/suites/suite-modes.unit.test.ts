import { describe, expect, it } from "vitest";
import { configurationLabel, MODE_LABELS } from "./suite-modes";

type Configuration = Parameters<typeof configurationLabel>[0];
const makeConfiguration = (overrides: Partial<Configuration> = {}): Configuration => ({
  versionNumber: 3,
  mode: "workflow",
  model: "gpt-4o-mini",
  distractors: 0,
  ...overrides,
});

describe("configurationLabel", () => {
  it("names the version, mode and model", () => {
    expect(configurationLabel(makeConfiguration())).toBe("v3 · Workflow · gpt-4o-mini");
  });

  it("says so when the version was deleted or no model was chosen", () => {
    expect(configurationLabel(makeConfiguration({ versionNumber: null, model: "" }))).toBe(
      "deleted version · Workflow · default model",
    );
  });

  it("counts distractor tools, in the singular for one, and leaves out none", () => {
    expect(configurationLabel(makeConfiguration({ distractors: 1 }))).toBe(
      "v3 · Workflow · gpt-4o-mini · 1 distractor",
    );
    expect(configurationLabel(makeConfiguration({ distractors: 4 }))).toMatch(/· 4 distractors$/);
  });

  it("ends with the context mode when it is known", () => {
    expect(configurationLabel(makeConfiguration({ mode: "agent", contextMode: "plan-aware", distractors: 2 }))).toBe(
      "v3 · Agent with routine · gpt-4o-mini · 2 distractors · Plan-aware context",
    );
  });

  it("tells the four modes apart in words", () => {
    const labels = Object.values(MODE_LABELS);
    expect(new Set(labels).size).toBe(4);
    expect(configurationLabel(makeConfiguration({ mode: "baseline" }))).toContain("Agent without routine (baseline)");
  });
});
