import { describe, expect, it } from "vitest";
import { RUN_STATUS_STYLE, STEP_STATE_STYLE, TASK_STATUS_STYLE, TONE_TEXT } from "./run-styles";

const tables = { STEP_STATE_STYLE, RUN_STATUS_STYLE, TASK_STATUS_STYLE };

describe("run styles", () => {
  it.each(Object.entries(tables))("%s names every status in its own words", (_, table) => {
    const labels = Object.values(table).map((style) => style.label);
    expect(labels.every((label) => label.trim() !== "")).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each(Object.entries(tables))("%s has a text colour for every tone it uses", (_, table) => {
    for (const style of Object.values(table)) expect(TONE_TEXT[style.tone]).toMatch(/^text-/);
  });

  it("shows failures as danger and successes as success, for steps, runs and tasks alike", () => {
    expect([STEP_STATE_STYLE.failed.tone, RUN_STATUS_STYLE.failed.tone, TASK_STATUS_STYLE.failed.tone]).toEqual([
      "danger",
      "danger",
      "danger",
    ]);
    expect([STEP_STATE_STYLE.succeeded.tone, RUN_STATUS_STYLE.succeeded.tone, TASK_STATUS_STYLE.done.tone]).toEqual([
      "success",
      "success",
      "success",
    ]);
  });

  it("draws a step that waits for a person, runs or failed with a ring, so it stands out on a large canvas", () => {
    const ringed = Object.entries(STEP_STATE_STYLE)
      .filter(([, style]) => style.frame.includes("ring-2"))
      .map(([state]) => state)
      .sort();
    expect(ringed).toEqual(["failed", "running", "waiting"]);
  });

  it("draws a skipped step dashed and faded, apart from a pending one", () => {
    expect(STEP_STATE_STYLE.skipped.frame).toContain("border-dashed");
    expect(STEP_STATE_STYLE.skipped.frame).toContain("opacity-");
    expect(STEP_STATE_STYLE.pending.frame).not.toContain("border-dashed");
  });

  it("says a planned task whose completion criteria were not met is Not met", () => {
    expect(TASK_STATUS_STYLE.failed.label).toBe("Not met");
    expect(TASK_STATUS_STYLE.pending.label).toBe("To do");
  });
});
