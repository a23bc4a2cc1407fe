import { describe, expect, it } from "vitest";
import { canvasWaitReason } from "./use-canvas-save";

type Save = NonNullable<Parameters<typeof canvasWaitReason>[0]>;
const save = (status: Save["status"]): Save => ({ status, revision: 2 });

describe("canvasWaitReason", () => {
  it("lets a saved canvas be optimized", () => {
    expect(canvasWaitReason(save("saved"))).toBeUndefined();
  });

  it("waits for unsaved or saving changes to land, since the planner reads what is saved", () => {
    expect(canvasWaitReason(save("dirty"))).toBe("Saving your last changes first…");
    expect(canvasWaitReason(save("saving"))).toBe("Saving your last changes first…");
  });

  it("explains a failed save and a draft changed elsewhere", () => {
    expect(canvasWaitReason(save("error"))).toBe("Your last changes are not saved yet; optimize once they are.");
    expect(canvasWaitReason(save("stale"))).toBe("This draft changed elsewhere; choose which version to keep first.");
  });

  it("waits while the routine is still opening", () => {
    expect(canvasWaitReason(null)).toBe("Opening the routine…");
  });
});
