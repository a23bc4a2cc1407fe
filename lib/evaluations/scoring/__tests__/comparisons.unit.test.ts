import { describe, expect, it } from "vitest";
import { suiteComparisons } from "../comparisons";

describe("suiteComparisons", () => {
  it("compares every configuration with the first baseline", () => {
    expect(suiteComparisons([{ mode: "agent" }, { mode: "workflow" }, { mode: "baseline" }])).toEqual([
      { subject: 0, reference: 2 },
      { subject: 1, reference: 2 },
    ]);
  });

  it("compares with the first configuration when there is no baseline (two versions, two models)", () => {
    expect(suiteComparisons([{ mode: "agent" }, { mode: "agent" }])).toEqual([{ subject: 1, reference: 0 }]);
  });

  it("compares nothing with one configuration", () => {
    expect(suiteComparisons([{ mode: "agent" }])).toEqual([]);
    expect(suiteComparisons([])).toEqual([]);
  });
});
