import { describe, expect, it } from "vitest";
import { addStage, assignStage, removeStage, renameStage } from "../routine-edits";
import { designerFor, threeSteps } from "./designer-factories";

const stageOf = (routine: ReturnType<typeof threeSteps>, id: string) =>
  routine.steps.find((step) => step.id === id)?.stageId;

describe("stage edits", () => {
  it("addStage appends an empty stage under the first free id", () => {
    const routine = threeSteps();
    const { routine: next, stageId } = addStage(routine, "Decide");
    expect(stageId).toBe("st2");
    expect(next.stages).toEqual([...routine.stages, { id: "st2", name: "Decide", description: "" }]);
    expect(next.steps).toBe(routine.steps);
    expect(addStage({ ...routine, stages: [{ id: "st2", name: "Taken", description: "" }] }, "X").stageId).toBe("st3");
  });

  it("assignStage moves the chosen steps into a stage, or out of every stage, and leaves the rest alone", () => {
    const routine = threeSteps();
    const moved = assignStage(routine, ["b", "c"], "st9");
    expect(["a", "b", "c"].map((id) => stageOf(moved, id))).toEqual(["st1", "st9", "st9"]);
    expect(moved.steps[0]).toBe(routine.steps[0]);
    const out = assignStage(routine, ["a"], undefined);
    expect(stageOf(out, "a")).toBeUndefined();
    expect(stageOf(out, "b")).toBe("st1");
  });

  it("renameStage renames one stage only", () => {
    const routine = {
      ...threeSteps(),
      stages: [...threeSteps().stages, { id: "st2", name: "Other", description: "" }],
    };
    const next = renameStage(routine, "st1", "Collect");
    expect(next.stages.map((stage) => stage.name)).toEqual(["Collect", "Other"]);
    expect(next.stages[1]).toBe(routine.stages[1]);
  });

  it("removeStage drops the stage and keeps its steps, now in no stage", () => {
    const routine = threeSteps();
    const next = removeStage(routine, "st1");
    expect(next.stages).toEqual([]);
    expect(next.steps.map((step) => step.id)).toEqual(["a", "b", "c", "end"]);
    expect(["a", "b"].map((id) => stageOf(next, id))).toEqual([undefined, undefined]);
    expect(next.steps[2]).toBe(routine.steps[2]);
  });

  it("the store's stage actions are these edits, each one undo point", () => {
    const store = designerFor();
    store.getState().assignStage(["c"], undefined, "Finish");
    expect(store.getState().routine.stages.map((stage) => stage.id)).toEqual(["st1", "st2"]);
    expect(store.getState().nodes.find((node) => node.id === "c")?.parentId).toBe("stage:st2");
    store.getState().removeStage("st1");
    expect(store.getState().nodes.find((node) => node.id === "a")?.parentId).toBeUndefined();
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().routine).toEqual(threeSteps());
  });
});
