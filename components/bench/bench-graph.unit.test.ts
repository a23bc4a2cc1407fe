import { describe, expect, it } from "vitest";
import { benchGraph, type BenchGraph } from "./bench-graph";

const outgoing = (graph: BenchGraph, id: string) => graph.edges.filter((edge) => edge.source === id);
const incoming = (graph: BenchGraph, id: string) => graph.edges.filter((edge) => edge.target === id);

describe("benchGraph", () => {
  it("draws 1,000 steps with 1,099 edges, 99 of them joining one block to the next", () => {
    const graph = benchGraph(1000);
    expect(graph.steps).toHaveLength(1000);
    expect(graph.edges).toHaveLength(1099);
    expect(graph.edges.filter((edge) => edge.joinsBlocks)).toHaveLength(99);
  });

  it("gives steps and edges unique ids, and every edge ends on a step", () => {
    const graph = benchGraph(100);
    const ids = new Set(graph.steps.map((step) => step.id));
    expect(ids.size).toBe(100);
    expect(new Set(graph.edges.map((edge) => edge.id)).size).toBe(graph.edges.length);
    expect(graph.edges.every((edge) => ids.has(edge.source) && ids.has(edge.target))).toBe(true);
  });

  it("puts a branch in each block with two labelled ways out that meet again at the join", () => {
    const graph = benchGraph(20);
    const branches = graph.steps.filter((step) => step.role === "branch");
    expect(branches.map((step) => [step.id, step.name])).toEqual([
      ["s7", "Decide 1"],
      ["s17", "Decide 2"],
    ]);
    expect(outgoing(graph, "s7").map((edge) => [edge.target, edge.label])).toEqual([
      ["s8", "If it applies"],
      ["s9", "Otherwise"],
    ]);
    expect(incoming(graph, "s10").map((edge) => edge.source)).toEqual(["s8", "s9"]);
    expect(outgoing(graph, "s10")).toMatchObject([{ target: "s11", joinsBlocks: true }]);
  });

  it("ends with one end step named Done and no way out of it", () => {
    const graph = benchGraph(30);
    expect(graph.steps.filter((step) => step.role === "end")).toEqual([
      expect.objectContaining({ id: "s30", name: "Done" }),
    ]);
    expect(outgoing(graph, "s30")).toEqual([]);
  });

  it("lays the two arms above and below the chain, and no two steps on the same spot", () => {
    const graph = benchGraph(1000);
    const at = (id: string) => graph.steps.find((step) => step.id === id)!.position;
    expect(at("s8").x).toBe(at("s9").x);
    expect(at("s8").y).toBeLessThan(at("s7").y);
    expect(at("s9").y).toBeGreaterThan(at("s7").y);
    const spots = new Set(graph.steps.map((step) => `${step.position.x},${step.position.y}`));
    expect(spots.size).toBe(1000);
  });

  it("starts a new band below after four blocks side by side", () => {
    const graph = benchGraph(50);
    const at = (id: string) => graph.steps.find((step) => step.id === id)!.position;
    expect(at("s31").y).toBe(at("s1").y);
    expect(at("s31").x).toBeGreaterThan(at("s21").x);
    expect(at("s41").x).toBe(at("s1").x);
    expect(at("s41").y).toBeGreaterThan(at("s9").y);
  });

  it("refuses a step count that is not a whole number of ten-step blocks", () => {
    expect(() => benchGraph(15)).toThrow("benchGraph needs a multiple of 10 steps, got 15.");
    expect(() => benchGraph(0)).toThrow(/multiple of 10/);
  });
});
