import { describe, expect, it } from "vitest";
import { DIFF_STYLE } from "./diff-style";

describe("DIFF_STYLE", () => {
  it("names every status in its own word, so a change is never told by colour alone", () => {
    expect(Object.entries(DIFF_STYLE).map(([status, style]) => [status, style.label])).toEqual([
      ["added", "Added"],
      ["removed", "Removed"],
      ["changed", "Changed"],
      ["unchanged", "Unchanged"],
    ]);
  });

  it("draws a removed step with a dashed border on the canvas and in the legend, and no other", () => {
    const dashed = Object.entries(DIFF_STYLE)
      .filter(([, style]) => style.node.includes("border-dashed"))
      .map(([status]) => status);
    expect(dashed).toEqual(["removed"]);
    expect(DIFF_STYLE.removed.swatch).toContain("border-dashed");
  });

  it("shows the legend's swatch as the node looks", () => {
    for (const style of Object.values(DIFF_STYLE)) expect(style.swatch).toBe(style.node);
  });

  it("gives each status a colour of its own", () => {
    const borders = Object.values(DIFF_STYLE).map((style) => style.node.split(" ")[0]);
    expect(new Set(borders).size).toBe(4);
  });
});
