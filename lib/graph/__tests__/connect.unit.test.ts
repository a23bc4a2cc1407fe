import { describe, expect, it } from "vitest";
import { connectionToEdge, freshEdgeId } from "../connect";
import { makeRoutine, makeStep } from "../testing/factories";

const routine = makeRoutine({
  steps: [
    makeStep("tool", { id: "a" }),
    makeStep("branch", { id: "b" }),
    makeStep("end", { id: "c" }),
    makeStep("end", { id: "d" }),
  ],
  edges: [
    { id: "e1", source: "a", target: "b" },
    { id: "e2", source: "b", target: "c", condition: { label: "Condition 2" } },
  ],
});

describe("connectionToEdge", () => {
  it("creates a plain edge with a fresh id", () => {
    expect(connectionToEdge(routine, { source: "a", target: "c" })).toEqual({
      ok: true,
      edge: { id: "e3", source: "a", target: "c" },
    });
  });

  it("gives an edge out of a branch a placeholder condition that is not taken", () => {
    const result = connectionToEdge(routine, { source: "b", target: "d" });
    expect(result).toEqual({
      ok: true,
      edge: { id: "e3", source: "b", target: "d", condition: { label: "Condition 3" } },
    });
  });

  it("accepts a React Flow connection with handles", () => {
    const result = connectionToEdge(routine, {
      source: "b",
      target: "a",
      sourceHandle: "branch:e2",
      targetHandle: "in",
    } as const);
    expect(result.ok && result.edge.condition?.label).toBe("Condition 3");
  });

  it.each([
    [{ source: "a", target: "a" }, "self-loop"],
    [{ source: "a", target: "b" }, "duplicate"],
    [{ source: "c", target: "d" }, "from-end"],
    [{ source: "a", target: "nope" }, "unknown-step"],
    [{ source: "stage:x", target: "a" }, "unknown-step"],
  ] as const)("refuses %o: %s", (connection, reason) => {
    const result = connectionToEdge(routine, connection);
    expect(result).toMatchObject({ ok: false, reason });
    expect(result.ok ? "" : result.message).not.toBe("");
  });
});

describe("freshEdgeId", () => {
  it("skips ids in use", () => {
    expect(freshEdgeId([{ id: "e2" }, { id: "e3" }])).toBe("e4");
    expect(freshEdgeId([])).toBe("e1");
  });
});
