import { describe, expect, it } from "vitest";
import { withSelection } from "../canvas-identity";
import { designerFor } from "./designer-factories";

const byId = <T extends { id: string }>(nodes: T[], id: string) => nodes.find((node) => node.id === id);

describe("select keeps node identity", () => {
  it("gives new objects only to the nodes whose selection changed", () => {
    const store = designerFor();
    store.getState().select(["a"]);
    const before = store.getState().nodes;
    store.getState().select(["b"]);
    const after = store.getState().nodes;
    expect(byId(after, "a")?.selected).toBe(false);
    expect(byId(after, "b")?.selected).toBe(true);
    expect(byId(after, "a")).not.toBe(byId(before, "a"));
    expect(byId(after, "b")).not.toBe(byId(before, "b"));
    for (const id of ["c", "end", "stage:st1"]) expect(byId(after, id)).toBe(byId(before, id));
    expect(store.getState().selectedStepIds).toEqual(["b"]);
  });

  it("selecting what is already selected keeps both arrays and notifies no subscriber", () => {
    const store = designerFor();
    store.getState().select(["a", "c"]);
    const { nodes, edges, selectedStepIds } = store.getState();
    let notified = 0;
    const unsubscribe = store.subscribe(() => (notified += 1));
    store.getState().select(["a", "c"]);
    unsubscribe();
    expect(store.getState().nodes).toBe(nodes);
    expect(store.getState().edges).toBe(edges);
    expect(store.getState().selectedStepIds).toBe(selectedStepIds);
    expect(notified).toBe(0);
  });

  it("clearing an empty selection changes nothing", () => {
    const store = designerFor();
    const { nodes } = store.getState();
    store.getState().select([]);
    expect(store.getState().nodes).toBe(nodes);
  });
});

describe("withSelection", () => {
  it("treats a missing flag as unselected and returns the same array when no flag flips", () => {
    const nodes = designerFor().getState().nodes;
    expect(nodes.every((node) => node.selected === undefined)).toBe(true);
    expect(withSelection(nodes, [])).toBe(nodes);
    const next = withSelection(nodes, ["c"]);
    expect(next).not.toBe(nodes);
    expect(next.filter((node) => node !== byId(nodes, node.id)).map((node) => node.id)).toEqual(["c"]);
  });
});
