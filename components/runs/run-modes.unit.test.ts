import { describe, expect, it } from "vitest";
import { RUN_MODE_OPTIONS, runModeOption } from "./run-modes";

describe("run modes", () => {
  it("offers workflow first, as the safe default, then agent", () => {
    expect(RUN_MODE_OPTIONS.map((option) => option.value)).toEqual(["workflow", "agent"]);
    expect(RUN_MODE_OPTIONS[0].label).toContain("safe default");
  });

  it("finds each mode's own label and explanation", () => {
    expect(runModeOption("workflow").explanation).toMatch(/step by step/);
    expect(runModeOption("agent").label).toBe("Agent (the model follows the routine)");
    expect(runModeOption("agent").explanation).toMatch(/outside the routine are refused/);
  });
});
