import { describe, expect, it } from "vitest";
import { selectStep } from "../designer-store";
import { designerFor } from "./designer-factories";

describe("undo and redo share one restore", () => {
  it("undo then redo round-trips to the very same routine, keeping untouched nodes", () => {
    const store = designerFor();
    store.getState().updateStep("c", "name", (step) => ({ ...step, name: "Renamed" }));
    const edited = store.getState();
    store.getState().select(["a"]);

    store.getState().undo();
    const undone = store.getState();
    expect(selectStep(undone, "c")?.name).toBe("C");
    expect(undone.history.future[0]).toBe(edited.routine);
    expect(undone.selectedStepIds).toEqual([]);
    expect(undone.nodes.every((node) => !node.selected)).toBe(true);
    expect(undone.save.status).toBe("dirty");

    store.getState().redo();
    const redone = store.getState();
    expect(redone.routine).toBe(edited.routine);
    expect(redone.history.past).toEqual(edited.history.past);
    expect(redone.history.future).toEqual([]);
    expect(redone.selectedStepIds).toEqual([]);
    // Nodes the change never touched are the objects React Flow had before the undo.
    for (const id of ["b", "c", "end", "stage:st1"])
      expect(redone.nodes.find((node) => node.id === id)).toBe(edited.nodes.find((node) => node.id === id));
  });

  it("undo and redo restore the same derived state: indexes, outgoing edges and issues follow the routine", () => {
    const store = designerFor();
    store.getState().select(["c"]);
    store.getState().deleteSelection();
    expect(store.getState().stepIndex.c).toBeUndefined();
    store.getState().undo();
    expect(store.getState().stepIndex.c).toBe(2);
    expect(store.getState().outgoing.c).toEqual(["e3"]);
    expect(store.getState().issues).toEqual([]);
    store.getState().redo();
    expect(store.getState().stepIndex.c).toBeUndefined();
    expect(store.getState().outgoing.b).toBeUndefined();
    expect(store.getState().issues.length).toBeGreaterThan(0);
  });

  it("with nothing to undo or redo, nothing changes", () => {
    const store = designerFor();
    const before = store.getState();
    store.getState().undo();
    store.getState().redo();
    expect(store.getState()).toBe(before);
  });
});
