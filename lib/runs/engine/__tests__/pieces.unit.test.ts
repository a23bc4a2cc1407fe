import { describe, expect, it } from "vitest";
import { branchStep, edge, endStep, humanStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { operatorDecision } from "../operator";
import type { RunSnapshot, StepRunSnapshot } from "../ports";
import { derivePosition } from "../position";
import { indexRoutine } from "../routine-graph";
import { FakeClock, MemoryRunStore } from "../testing";
import { toolNames } from "../tool-names";
import { fillOutputs } from "../outputs";

const routine = makeRoutine({
  steps: [
    toolStep({ id: "a" }),
    branchStep({ id: "b" }),
    toolStep({ id: "c" }),
    humanStep({ id: "h" }),
    endStep({ id: "end" }),
  ],
  edges: [edge("a", "b"), edge("b", "c", "yes"), edge("b", "h", "no"), edge("c", "b"), edge("h", "end")],
});

function snapshot(steps: Array<Partial<StepRunSnapshot> & { stepId: string }>): RunSnapshot {
  const store = new MemoryRunStore();
  const run = store.run(store.createRun({ routine })).snapshot;
  run.steps = steps.map((step, index) => ({
    id: `r${index}`,
    iteration: 1,
    state: "succeeded",
    attempt: 1,
    input: null,
    output: null,
    outputRef: null,
    tool: null,
    approval: null,
    error: null,
    inputTokens: 0,
    outputTokens: 0,
    startedAt: new Date(0),
    finishedAt: new Date(0),
    ...step,
  }));
  return run;
}

const at = (steps: Parameters<typeof snapshot>[0]) => derivePosition(snapshot(steps), indexRoutine(routine));

describe("the position of a run, derived from its step runs", () => {
  it("starts at the step no edge leads to", () => {
    const looped = makeRoutine({
      steps: [toolStep({ id: "x" }), toolStep({ id: "first" })],
      edges: [edge("first", "x"), edge("x", "x")],
    });
    expect(derivePosition({ ...snapshot([]), routine: looped, steps: [] }, indexRoutine(looped))).toMatchObject({
      kind: "next",
      step: { id: "first" },
      iteration: 1,
    });
  });

  it("follows the recorded branch choice, and counts iterations on a loop", () => {
    expect(at([{ stepId: "a" }, { stepId: "b", output: { edgeId: "b-c", label: "yes", by: "model" } }])).toMatchObject({
      kind: "next",
      step: { id: "c" },
      iteration: 1,
    });
    expect(
      at([{ stepId: "a" }, { stepId: "b", output: { edgeId: "b-c", label: "yes", by: "model" } }, { stepId: "c" }]),
    ).toMatchObject({ kind: "next", step: { id: "b" }, iteration: 2 });
    expect(
      at([{ stepId: "a" }, { stepId: "b", output: { edgeId: "b-h", label: "no", by: "expression" } }]),
    ).toMatchObject({ kind: "next", step: { id: "h" } });
    expect(at([{ stepId: "a" }, { stepId: "b", output: null }])).toMatchObject({
      kind: "failed",
      error: expect.stringContaining("no recorded way out"),
    });
  });

  it("runs a step left running or pending again, and reports waits, failures, cancels and the end", () => {
    expect(at([{ stepId: "a", state: "running" }])).toMatchObject({ kind: "again", stepRun: { id: "r0" } });
    expect(at([{ stepId: "a", state: "pending" }])).toMatchObject({ kind: "again" });
    expect(at([{ stepId: "h", state: "waiting" }])).toMatchObject({ kind: "waiting" });
    expect(at([{ stepId: "a", state: "failed", error: "boom" }])).toMatchObject({ kind: "failed", error: "boom" });
    expect(at([{ stepId: "a", state: "cancelled" }])).toMatchObject({ kind: "cancelled" });
    expect(at([{ stepId: "end" }])).toMatchObject({ kind: "done", endStep: { id: "end" } });
    expect(at([{ stepId: "gone" }])).toMatchObject({
      kind: "failed",
      error: expect.stringContaining("not in this version"),
    });
  });
});

describe("function names for the allowlist", () => {
  it("keeps plain tool names and maps clashes and unsafe names to server__name", () => {
    const names = toolNames([
      { server: "hr", name: "get_leave_balance" },
      { server: "hr", name: "search" },
      { server: "wiki", name: "search" },
      { server: "fs", name: "read.file/v2" },
    ]);
    expect(names.nameOf({ server: "hr", name: "get_leave_balance" })).toBe("get_leave_balance");
    expect(names.nameOf({ server: "hr", name: "search" })).toBe("hr__search");
    expect(names.nameOf({ server: "wiki", name: "search" })).toBe("wiki__search");
    expect(names.nameOf({ server: "fs", name: "read.file/v2" })).toBe("fs__read_file_v2");
    expect(names.toolOf("wiki__search")).toEqual({ server: "wiki", name: "search" });
    expect(names.toolOf("search")).toBeUndefined();
  });
});

describe("outputs from one value", () => {
  it("fills one, several or no declared outputs", () => {
    const out = (name: string) => ({ name, description: "" });
    expect(fillOutputs([out("balance")], { days: 3 })).toEqual({ balance: { days: 3 } });
    expect(fillOutputs([out("days"), out("unit")], { days: 3, other: 1 })).toEqual({ days: 3, unit: null });
    expect(fillOutputs([out("days"), out("unit")], "text")).toEqual({ days: "text" });
    expect(fillOutputs([], [1, 2])).toEqual({ result: [1, 2] });
  });
});

describe("an operator's decision", () => {
  it("is refused for a step that does not wait for a person", () => {
    const run = snapshot([{ stepId: "a", state: "running" }]);
    expect(() => operatorDecision(run, "r0", { action: "approved", by: "op" }, new Date())).toThrow(/not waiting/);
    const sub = snapshot([{ stepId: "a", state: "waiting" }]);
    expect(() => operatorDecision(sub, "r0", { action: "approved", by: "op" }, new Date())).toThrow(
      /sub-routine, not for a person/,
    );
  });

  it("approves a human step without a form, re-queuing the run", () => {
    const run = snapshot([{ stepId: "h", state: "waiting" }]);
    const { change, events } = operatorDecision(
      run,
      "r0",
      { action: "approved", by: "op", comment: "fine" },
      new Date(5),
    );
    expect(change).toEqual({
      run: { status: "queued" },
      steps: [
        {
          id: "r0",
          stepId: "h",
          iteration: 1,
          state: "succeeded",
          output: { approved: true, comment: "fine" },
          finishedAt: new Date(5),
        },
      ],
    });
    expect(events.map((event) => event.type)).toEqual([
      "step.intervention",
      "step.output",
      "step.succeeded",
      "run.status",
    ]);
  });
});

describe("the fake clock", () => {
  it("wakes sleepers in order only when time is advanced, and honours aborts", async () => {
    const clock = new FakeClock(0);
    const woke: number[] = [];
    void clock.sleep(200).then(() => woke.push(200));
    void clock.sleep(100).then(() => woke.push(100));
    const aborted = new AbortController();
    const cancelled = clock.sleep(50, aborted.signal);
    aborted.abort("stop");
    await expect(cancelled).rejects.toBe("stop");
    expect(clock.pending()).toEqual([100, 200]);
    clock.advance(150);
    await Promise.resolve();
    expect(woke).toEqual([100]);
    clock.advance(50);
    await Promise.resolve();
    expect(woke).toEqual([100, 200]);
    await clock.sleep(0);
  });
});
