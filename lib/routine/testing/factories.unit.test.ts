import { describe, expect, it } from "vitest";
import { routineSchema } from "../schema";
import {
  branchStep,
  chain,
  edge,
  endStep,
  humanStep,
  makeRoutine,
  param,
  resetFactoryIds,
  routineStep,
  skillStep,
  toolStep,
} from "./factories";

describe("factories", () => {
  it("make schema-valid steps with defaults filled and fresh ids", () => {
    resetFactoryIds();
    const steps = [toolStep(), skillStep(), branchStep(), humanStep(), routineStep(), endStep()];
    expect(steps.map((step) => [step.id, step.kind])).toEqual([
      ["s1", "tool"],
      ["s2", "skill"],
      ["s3", "branch"],
      ["s4", "human"],
      ["s5", "routine"],
      ["s6", "end"],
    ]);
    expect(toolStep({ id: "x" })).toMatchObject({
      id: "x",
      tool: { server: "hr", name: "get_leave_balance" },
      inputs: {},
      outputs: [],
      requiresApproval: false,
    });
  });

  it("make a valid routine, by default a three-step line", () => {
    const routine = makeRoutine();
    expect(routineSchema.parse(routine)).toEqual(routine);
    expect(routine.edges.map((item) => item.id)).toEqual(["check-summarize", "summarize-done"]);
    const a = skillStep({ id: "a" });
    const b = endStep({ id: "b" });
    expect(makeRoutine({ steps: [a, b] }).edges).toEqual(chain(a, b));
    expect(edge("a", "b", "yes", "x > 1")).toEqual({
      id: "a-b",
      source: "a",
      target: "b",
      condition: { label: "yes", expression: "x > 1" },
    });
    expect(param({ name: "days" })).toEqual({ name: "days", description: "", type: "string", required: true });
  });
});
