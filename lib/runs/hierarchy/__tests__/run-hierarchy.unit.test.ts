import { describe, expect, it } from "vitest";
import type { StepState } from "../../../events";
import { endStep, humanStep, makeRoutine, routineStep, skillStep, toolStep } from "../../../routine/testing/factories";
import { buildRunHierarchy, type HierarchyStepRun, type RunHierarchyInput } from "..";

const PRICE = { input: 1, output: 4 }; // dollars per million tokens

/** collect (lookup, approve) → act (book, notify) → wrap (summarize, unstaged) → done */
const routine = makeRoutine({
  stages: [
    { id: "collect", name: "Collect", description: "" },
    { id: "act", name: "Act", description: "" },
    { id: "empty", name: "Nothing in it", description: "" },
  ],
  steps: [
    toolStep({ id: "lookup", name: "Look up", stageId: "collect" }),
    humanStep({ id: "approve", name: "Approve", stageId: "collect" }),
    toolStep({ id: "book", name: "Book", stageId: "act" }),
    skillStep({ id: "notify", name: "Notify", stageId: "act" }),
    skillStep({ id: "summarize", name: "Summarize" }),
    endStep({ id: "done" }),
  ],
});

let seq = 0;
function stepRun(stepId: string, state: StepState, more: Partial<HierarchyStepRun> = {}): HierarchyStepRun {
  seq += 1;
  return {
    stepRunId: `r${seq}`,
    stepId,
    iteration: 1,
    state,
    inputTokens: 0,
    outputTokens: 0,
    startedAt: null,
    finishedAt: null,
    ...more,
  };
}

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, second)).toISOString();

function hierarchy(stepRuns: HierarchyStepRun[], more: Partial<RunHierarchyInput> = {}) {
  return buildRunHierarchy({
    routine,
    stepRuns,
    runStatus: "running",
    actor: { id: "clerk", name: "HR clerk", model: "gpt-4o-mini" },
    runModel: null,
    priceOf: () => PRICE,
    ...more,
  });
}

const stage = (tree: ReturnType<typeof hierarchy>, name: string) => tree.stages.find((s) => s.name === name)!;

describe("buildRunHierarchy", () => {
  it("groups steps by stage in the routine's order, with the steps in no stage last and no empty stage", () => {
    const tree = hierarchy([]);
    expect(tree.stages.map((s) => [s.stageId, s.name, s.stepsTotal])).toEqual([
      ["collect", "Collect", 2],
      ["act", "Act", 2],
      [null, "Unstaged steps", 1],
    ]);
    // The end step is the run's finish, not a step to count.
    expect(tree.stepsTotal).toBe(5);
    expect(tree.stages.every((s) => s.status === "pending")).toBe(true);
  });

  it("has no unstaged group when every step is in a stage", () => {
    const staged = makeRoutine({
      stages: [{ id: "only", name: "Only", description: "" }],
      steps: [toolStep({ id: "a", stageId: "only" }), endStep({ id: "done" })],
    });
    expect(hierarchy([], { routine: staged }).stages.map((s) => s.name)).toEqual(["Only"]);
  });

  it("rolls a stage up: waiting at its human step, totals from the step that ran, progress 1 of 2", () => {
    const tree = hierarchy([
      stepRun("lookup", "succeeded", {
        startedAt: at(0),
        finishedAt: at(2),
        inputTokens: 1000,
        outputTokens: 500,
      }),
      stepRun("approve", "waiting", { startedAt: at(2) }),
    ]);
    const collect = stage(tree, "Collect");
    expect(collect).toMatchObject({
      status: "waiting",
      startedAt: at(0),
      finishedAt: null,
      durationMs: null,
      inputTokens: 1000,
      outputTokens: 500,
      stepsDone: 1,
      stepsTotal: 2,
    });
    expect(collect.cost).toBeCloseTo((1000 * 1 + 500 * 4) / 1e6);
    expect(stage(tree, "Act").status).toBe("pending");
    expect(tree.status).toBe("running");
    expect(tree.stepsDone).toBe(1);
  });

  it("says failed above running, and running when the engine is between two of a stage's steps", () => {
    const failed = hierarchy([stepRun("book", "failed"), stepRun("notify", "running")]);
    expect(stage(failed, "Act").status).toBe("failed");
    const between = hierarchy([stepRun("book", "succeeded")]);
    expect(stage(between, "Act").status).toBe("running");
    expect(stage(hierarchy([stepRun("book", "succeeded")], { runStatus: "paused" }), "Act").status).toBe("paused");
  });

  it("finishes a stage when all its steps did, with the span from first start to last finish", () => {
    const tree = hierarchy(
      [
        stepRun("book", "succeeded", { startedAt: at(10), finishedAt: at(12) }),
        stepRun("notify", "succeeded", { startedAt: at(12), finishedAt: at(15) }),
      ],
      { runStatus: "succeeded" },
    );
    expect(stage(tree, "Act")).toMatchObject({
      status: "succeeded",
      startedAt: at(10),
      finishedAt: at(15),
      durationMs: 5000,
      stepsDone: 2,
    });
  });

  it("calls a stage whose steps were all skipped skipped, and one with a cancelled step cancelled", () => {
    const skipped = hierarchy([stepRun("lookup", "skipped"), stepRun("approve", "skipped")]);
    expect(stage(skipped, "Collect")).toMatchObject({ status: "skipped", stepsDone: 2, durationMs: null });
    const cancelled = hierarchy([stepRun("lookup", "skipped"), stepRun("approve", "cancelled")]);
    expect(stage(cancelled, "Collect")).toMatchObject({ status: "cancelled", stepsDone: 1 });
  });

  it("calls a stage an operator cancelled cancelled, though the steps it ran before had succeeded", () => {
    const runs = [stepRun("lookup", "succeeded"), stepRun("approve", "skipped")];
    expect(stage(hierarchy(runs), "Collect").status).toBe("succeeded");
    const cancelled = hierarchy(runs, { cancelledStageIds: new Set(["collect"]) });
    expect(stage(cancelled, "Collect")).toMatchObject({ status: "cancelled", stepsDone: 2 });
    expect(stage(cancelled, "Collect").actors[0]!.status).toBe("cancelled");
    const allSkipped = [stepRun("lookup", "skipped"), stepRun("approve", "skipped")];
    expect(stage(hierarchy(allSkipped, { cancelledStageIds: new Set(["collect"]) }), "Collect").status).toBe(
      "cancelled",
    );
    // Until the cancel took effect, the stage is what its steps say.
    const asked = hierarchy([stepRun("lookup", "succeeded"), stepRun("approve", "waiting")], {
      cancelledStageIds: new Set(["collect"]),
    });
    expect(stage(asked, "Collect").status).toBe("waiting");
  });

  it("counts a loop's passes over one step once in progress but adds up their tokens and time", () => {
    const tree = hierarchy([
      stepRun("book", "succeeded", {
        iteration: 1,
        inputTokens: 100,
        outputTokens: 10,
        startedAt: at(0),
        finishedAt: at(1),
      }),
      stepRun("book", "succeeded", {
        iteration: 2,
        inputTokens: 200,
        outputTokens: 20,
        startedAt: at(5),
        finishedAt: at(6),
      }),
      stepRun("book", "running", { iteration: 3, inputTokens: 300, outputTokens: 30, startedAt: at(9) }),
    ]);
    const book = stage(tree, "Act").actors[0]!.steps.find((step) => step.stepId === "book")!;
    expect(book).toMatchObject({
      status: "running",
      executions: 3,
      stepsDone: 0,
      stepsTotal: 1,
      inputTokens: 600,
      outputTokens: 60,
      startedAt: at(0),
      finishedAt: null,
    });
    expect(stage(tree, "Act")).toMatchObject({ stepsTotal: 2, stepsDone: 0, passes: 3, inputTokens: 600 });
  });

  it("shows a retried stage by its new run: the latest iteration decides, whatever order the rows come in", () => {
    const tree = hierarchy([
      stepRun("book", "running", { iteration: 2 }),
      stepRun("book", "succeeded", { iteration: 1 }),
      stepRun("notify", "succeeded", { iteration: 1 }),
    ]);
    expect(stage(tree, "Act")).toMatchObject({ status: "running", stepsDone: 1, passes: 2 });
  });

  it("leaves the cost unknown when a step that used tokens has no price, and 0 for steps without tokens", () => {
    const unknown = hierarchy([stepRun("notify", "succeeded", { inputTokens: 10 }), stepRun("book", "succeeded")], {
      priceOf: () => null,
    });
    expect(stage(unknown, "Act").cost).toBeNull();
    expect(unknown.cost).toBeNull();
    const toolsOnly = hierarchy([stepRun("lookup", "succeeded"), stepRun("approve", "succeeded")], {
      priceOf: () => null,
    });
    expect(stage(toolsOnly, "Collect").cost).toBe(0);
  });

  it("gives a stage one actor node, and a sub-routine step that names its own actor a node of its own", () => {
    const withSub = makeRoutine({
      stages: [{ id: "s", name: "Stage", description: "" }],
      steps: [
        toolStep({ id: "a", stageId: "s" }),
        routineStep({ id: "sub", stageId: "s", actorId: "lawyer" }),
        toolStep({ id: "b", stageId: "s" }),
        endStep({ id: "done" }),
      ],
    });
    const prices: Record<string, { input: number; output: number }> = { "gpt-4o-mini": PRICE };
    const tree = hierarchy([stepRun("a", "succeeded", { inputTokens: 1_000_000 }), stepRun("sub", "waiting")], {
      routine: withSub,
      actors: new Map([["lawyer", { id: "lawyer", name: "Contract lawyer", model: "o3" }]]),
      priceOf: (model) => (model ? (prices[model] ?? null) : null),
    });
    const actors = tree.stages[0]!.actors;
    expect(actors.map((actor) => [actor.name, actor.steps.map((step) => step.stepId), actor.status])).toEqual([
      ["HR clerk", ["a", "b"], "running"],
      ["Contract lawyer", ["sub"], "waiting"],
    ]);
    expect(actors[0]!.cost).toBe(1);
    expect(tree.stages[0]!.status).toBe("waiting");
  });

  it("names the run's executor when the run works as no actor", () => {
    const tree = hierarchy([], { actor: null });
    expect(tree.stages[0]!.actors.map((actor) => [actor.actorId, actor.name])).toEqual([[null, "Run executor"]]);
  });

  it("takes database rows with Date times", () => {
    const tree = hierarchy([
      stepRun("summarize", "succeeded", {
        startedAt: new Date(at(1)),
        finishedAt: new Date(at(4)),
      }),
    ]);
    expect(stage(tree, "Unstaged steps")).toMatchObject({ status: "succeeded", durationMs: 3000, finishedAt: at(4) });
  });
});
