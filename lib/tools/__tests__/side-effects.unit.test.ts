import { describe, expect, it } from "vitest";
import { readSideEffectsOverride, sideEffectsReason, toolSideEffects } from "../side-effects";

describe("which tools change data", () => {
  it("counts a tool as read-only only when its annotations say readOnlyHint: true", () => {
    expect(toolSideEffects({ readOnlyHint: true }, null)).toEqual({
      sideEffects: "read_only",
      basis: "annotation",
      declaresReadOnly: true,
    });
    expect(toolSideEffects({ readOnlyHint: false, destructiveHint: false }, null)).toEqual({
      sideEffects: "writes",
      basis: "annotation",
      declaresReadOnly: false,
    });
  });

  it("counts a tool that says nothing (or nonsense) as changing data", () => {
    for (const annotations of [undefined, null, {}, { title: "Look up" }, { readOnlyHint: "true" }, [true], "yes"])
      expect(toolSideEffects(annotations, undefined)).toMatchObject({ sideEffects: "writes", basis: "unannotated" });
  });

  it("lets an admin's override win either way, and remembers what the annotations said", () => {
    expect(toolSideEffects({ readOnlyHint: true }, "writes")).toEqual({
      sideEffects: "writes",
      basis: "admin",
      declaresReadOnly: true,
    });
    expect(toolSideEffects(undefined, "read_only")).toEqual({
      sideEffects: "read_only",
      basis: "admin",
      declaresReadOnly: false,
    });
  });

  it("reads a stored override, and anything unknown as none", () => {
    expect(readSideEffectsOverride("read_only")).toBe("read_only");
    expect(readSideEffectsOverride("writes")).toBe("writes");
    for (const stored of [null, undefined, "", "READ_ONLY", "none"]) expect(readSideEffectsOverride(stored)).toBeNull();
  });

  it("says why in a sentence", () => {
    expect(sideEffectsReason(toolSideEffects({}, null))).toMatch(/no readOnlyHint/);
    expect(sideEffectsReason(toolSideEffects({ readOnlyHint: false }, null))).toMatch(/readOnlyHint: false/);
    expect(sideEffectsReason(toolSideEffects({ readOnlyHint: true }, null))).toMatch(/readOnlyHint: true/);
    expect(sideEffectsReason(toolSideEffects({ readOnlyHint: true }, "writes"))).toMatch(/admin/);
  });
});
