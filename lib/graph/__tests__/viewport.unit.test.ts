import { describe, expect, it } from "vitest";
import type { FlowNode } from "../types";
import { nodesBounds } from "../viewport";

const step = (id: string, x: number, y: number, parentId?: string): FlowNode => ({
  id,
  type: "tool",
  data: { stepId: id },
  position: { x, y },
  width: 200,
  height: 100,
  ...(parentId ? { parentId } : {}),
});

describe("nodesBounds", () => {
  it("spans the nodes from their positions and sizes", () => {
    expect(nodesBounds([step("a", -50, 10), step("b", 200, 300)])).toEqual({ x: -50, y: 10, width: 450, height: 390 });
  });

  it("places a stage's children relative to the stage", () => {
    const stage: FlowNode = {
      id: "stage:s",
      type: "stage",
      data: { stageId: "s" },
      position: { x: 1000, y: 0 },
      width: 1000,
      height: 200,
    };
    expect(nodesBounds([stage, step("a", 0, 0), step("c", 900, 150, "stage:s")])).toEqual({
      x: 0,
      y: 0,
      width: 2100,
      height: 250,
    });
  });

  it("is null without nodes", () => {
    expect(nodesBounds([])).toBeNull();
  });
});
