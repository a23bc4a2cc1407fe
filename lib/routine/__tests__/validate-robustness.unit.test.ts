import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Binding, Edge, Routine, Step } from "../schema";
import { ISSUE_CODES, isValid, validateRoutine, type RoutineLookup } from "../validate";
import {
  branchStep,
  chain,
  edge,
  endStep,
  fromInput,
  fromStep,
  humanStep,
  makeRoutine,
  routineLibrary,
  routineStep,
  skillStep,
  toolStep,
  tools,
} from "./validate-factories";

/** A chain of `count` skill steps and an end, each step reading an output of the step `source(i)` gives. */
function longChain(count: number, source: (index: number) => number): Routine {
  const ids = Array.from({ length: count }, (_, i) => `s${i}`);
  const steps: Step[] = ids.map((id, i) =>
    skillStep(id, i === 0 ? { who: fromInput("employee_id") } : { last: fromStep(ids[source(i)], "out.value") }, [
      "out",
    ]),
  );
  return makeRoutine([...steps, endStep()], chain(...ids, "done"));
}

/** Every third step a branch that loops back or goes on: thousands of small loops, all with a way out. */
function ladder(count: number): Routine {
  const steps: Step[] = [];
  const edges: Edge[] = [];
  for (let i = 0; i < count; i++) {
    const previous = i % 3 === 0 ? i - 2 : i - 1;
    steps.push(
      i % 3 === 2
        ? branchStep(`s${i}`)
        : skillStep(`s${i}`, i > 0 ? { x: fromStep(`s${previous}`, "out") } : {}, ["out"]),
    );
    if (i === 0) continue;
    if ((i - 1) % 3 === 2) edges.push(edge(`s${i - 1}`, `s${i}`, "Go on"), edge(`s${i - 1}`, `s${i - 2}`, "Retry"));
    else edges.push(edge(`s${i - 1}`, `s${i}`));
  }
  steps.push(endStep());
  edges.push(edge(`s${count - 1}`, "done"));
  return makeRoutine(steps, edges);
}

function timed<T>(run: () => T): [T, number] {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
}

describe("validateRoutine at scale", () => {
  it.each([
    ["each step reading the one before", (i: number) => i - 1],
    ["each step reading the first", () => 0],
  ])("validates a 5,000-step chain with %s well under a second", (_, source) => {
    const [issues, ms] = timed(() => validateRoutine(longChain(5_000, source)));
    expect(issues).toEqual([]);
    expect(ms).toBeLessThan(1_000);
  });

  it("validates 5,000 steps in small loops with branch exits", () => {
    const [issues, ms] = timed(() => validateRoutine(ladder(5_000)));
    expect(issues).toEqual([]);
    expect(ms).toBeLessThan(1_000);
  });

  it("reports a 5,000-step loop with no way out once, without overflowing the stack", () => {
    const routine = longChain(5_000, (i) => i - 1);
    routine.edges.push(edge("s4999", "s1"));
    routine.edges = routine.edges.filter((candidate) => candidate.id !== "s4999-done");
    const codes = validateRoutine(routine).map((found) => found.code);
    expect(codes.filter((code) => code === "infinite-loop")).toHaveLength(1);
  });
});

describe("validateRoutine on malformed input", () => {
  it("locates issues in a routine with dangling edges and repeated ids", () => {
    const routine = makeRoutine(
      [
        skillStep("a", {}, ["out"]),
        skillStep("a"),
        toolStep("b", "get_leave_balance", { employee_id: fromStep("a", "out") }),
        endStep(),
        endStep(),
      ],
      [
        ...chain("a", "b", "done"),
        { ...edge("b", "done"), id: "a-b" },
        edge("ghost", "b"),
        edge("b", "nowhere"),
        edge("x", "y"),
        edge("done", "done"),
      ],
    );
    const issues = validateRoutine(routine, { tools });
    expect(issues.map((found) => [found.code, found.stepId, found.edgeId])).toEqual(
      expect.arrayContaining([
        ["duplicate-step-id", "a", undefined],
        ["duplicate-step-id", "done", undefined],
        ["duplicate-edge-id", undefined, "a-b"],
        ["dangling-edge", "b", "ghost-b"],
        ["dangling-edge", "b", "b-nowhere"],
        ["dangling-edge", undefined, "x-y"],
        ["end-has-outgoing", "done", "done-done"],
        ["too-many-outgoing", "b", undefined],
      ]),
    );
    expect(issues.some((found) => found.code === "validation-failed")).toBe(false);
  });

  it("reports input outside the types as an issue instead of throwing", () => {
    const broken = { ...makeRoutine([], []), steps: null } as unknown as Routine;
    expect(validateRoutine(broken)).toEqual([
      expect.objectContaining({ code: "validation-failed", severity: "error", path: [] }),
    ]);
    const noInputs = makeRoutine(
      [{ ...skillStep("a"), inputs: undefined } as unknown as Step, endStep()],
      chain("a", "done"),
    );
    expect(validateRoutine(noInputs)).toEqual([]);
  });

  it("keeps the other rules' issues when a lookup throws", () => {
    const failing: RoutineLookup = {
      getRoutine: () => {
        throw new Error("library offline");
      },
    };
    const routine = makeRoutine([routineStep("call", "other"), skillStep("lost")], chain("call", "lost"));
    const issues = validateRoutine(routine, { routines: failing });
    expect(issues.map((found) => found.code)).toEqual(["no-end", "validation-failed"]);
    expect(issues[1].message).toContain("library offline");
    expect(isValid(issues)).toBe(false);
  });
});

describe("validateRoutine on random graphs", () => {
  const ids = ["a", "b", "c", "d", "e", "f"];
  const id = fc.constantFrom(...ids, "ghost");
  const binding: fc.Arbitrary<Binding> = fc.oneof(
    fc.record({ from: fc.constant("step" as const), stepId: id, path: fc.constantFrom("out", "balance.days", "x") }),
    fc.record({ from: fc.constant("input" as const), name: fc.constantFrom("employee_id", "other") }),
  );
  const inputs = fc.dictionary(fc.constantFrom("employee_id", "days", "x"), binding, { maxKeys: 2 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.tuple(fc.constantFrom(...ids), inputs).map(([stepId, bound]) => toolStep(stepId, "apply_leave", bound, ["out"])),
    fc.tuple(fc.constantFrom(...ids), inputs).map(([stepId, bound]) => skillStep(stepId, bound, ["balance"])),
    fc.constantFrom(...ids).map((stepId) => branchStep(stepId)),
    fc.constantFrom(...ids).map((stepId) => humanStep(stepId, ["out"])),
    fc.constantFrom(...ids).map((stepId) => routineStep(stepId, "leave-request")),
    fc.constantFrom(...ids).map((stepId) => endStep(stepId)),
  );
  const connection = fc
    .tuple(id, id, fc.option(fc.constantFrom("", "Yes", "yes", "No"), { nil: undefined }))
    .map(([from, to, label]) => edge(from, to, label));
  const routine = fc
    .tuple(fc.array(step, { maxLength: 10 }), fc.array(connection, { maxLength: 16 }))
    .map(([steps, edges]) => makeRoutine(steps, edges));

  it("never throws, never fails internally, and locates every issue inside the routine", () => {
    const library = routineLibrary({ other: ["leave-request"] });
    fc.assert(
      fc.property(routine, (candidate) => {
        const issues = validateRoutine(candidate, { tools, routines: library });
        const stepIds = new Set(candidate.steps.map((s) => s.id));
        const edgeIds = new Set(candidate.edges.map((e) => e.id));
        for (const found of issues) {
          expect(ISSUE_CODES).toContain(found.code);
          expect(found.code).not.toBe("validation-failed");
          if (found.stepId !== undefined) expect(stepIds.has(found.stepId)).toBe(true);
          if (found.edgeId !== undefined) expect(edgeIds.has(found.edgeId)).toBe(true);
          const [collection, index] = found.path;
          if (typeof index === "number") expect(index).toBeLessThan(candidate[collection as "steps" | "edges"].length);
        }
      }),
      { numRuns: 500 },
    );
  });
});
