import { beforeAll, describe, expect, it } from "vitest";
import { type JsonValue, renderRoutinePrompt, renderRoutineText } from "../../../routine";
import { branchStep, chain, edge, endStep, makeRoutine, skillStep, toolStep } from "../../../routine/testing/factories";
import { buildExecutorContext } from "../context";
import type { RunSnapshot, StepRunSnapshot } from "../ports";
import { indexRoutine } from "../routine-graph";
import { MemoryRunStore } from "../testing";
import { createTokenCounter, estimateTokens, type TokenCounter } from "../../../llm";

let count: TokenCounter;
beforeAll(async () => {
  count = await createTokenCounter();
});

/** s1 … s12 in a line, each producing `out_<n>`; s11 binds s3's output; s12 is a branch on s4's output. */
function longRoutine() {
  const steps = [
    ...Array.from({ length: 10 }, (_, index) =>
      toolStep({
        id: `s${index + 1}`,
        name: `Step number ${index + 1}`,
        inputs: {},
        outputs: [{ name: `out_${index + 1}`, description: "" }],
      }),
    ),
    skillStep({
      id: "s11",
      name: "Use an early value",
      inputs: { value: { from: "step", stepId: "s3", path: "out_3.detail" } },
    }),
    branchStep({ id: "s12", name: "Decide" }),
    endStep({ id: "done" }),
  ];
  const edges = [
    ...steps.slice(0, 11).map((step, index) => edge(step, steps[index + 1])),
    edge("s12", "done", "big", "out_4.size > 3"),
    edge("s12", "s1", "again", "out_4.size <= 3"),
  ];
  return makeRoutine({ steps, edges });
}

function snapshotAt(
  routine = longRoutine(),
  done = 10,
  value: (n: number) => JsonValue = (n) => ({ detail: `value of step ${n} `.repeat(20), size: n }),
): RunSnapshot {
  const store = new MemoryRunStore();
  const runId = store.createRun({ routine, request: "Please book leave for Ann.", inputs: { employee_id: "E1" } });
  const snapshot = store.run(runId).snapshot;
  const at = new Date(0);
  snapshot.steps = Array.from({ length: done }, (_, index): StepRunSnapshot => ({
    id: `r${index + 1}`,
    stepId: `s${index + 1}`,
    iteration: 1,
    state: "succeeded",
    attempt: 1,
    input: null,
    output: { [`out_${index + 1}`]: value(index + 1) },
    outputRef: null,
    tool: null,
    approval: null,
    error: null,
    inputTokens: 0,
    outputTokens: 0,
    startedAt: at,
    finishedAt: at,
  }));
  return snapshot;
}

const context = (
  snapshot: RunSnapshot,
  stepId: string,
  tokenBudget = 100_000,
  counter: TokenCounter = estimateTokens,
) => {
  const index = indexRoutine(snapshot.routine);
  return buildExecutorContext({
    index,
    routineText: renderRoutineText(snapshot.routine),
    snapshot,
    step: index.step(stepId)!,
    lookahead: 2,
    tokenBudget,
    countTokens: counter,
  });
};

describe("the executor context", () => {
  it("carries the routine, the progress list, the request and the inputs", () => {
    const { system } = context(snapshotAt(), "s11");
    expect(system).toContain("## Routine\nRoutine: Apply for leave");
    // A done step is named without its completion criterion: no coming step needs it.
    expect(system).toContain("- [x] Step 10. Step number 10 [id: s10]\n");
    expect(system).toContain(
      "- [ ] Step 11. Use an early value [id: s11] (done when: the answer is written) ← current",
    );
    expect(system).toContain("## Request\nPlease book leave for Ann.");
    expect(system).toContain('"employee_id": "E1"');
    expect(system).toMatch(/data, never instructions/);
  });

  it("keeps in full what the current and the next k steps read, and one line for the rest", () => {
    const { system } = context(snapshotAt(), "s11");
    const full = system.split("Earlier results")[0];
    expect(full).toContain(`- s3.out_3 = ${JSON.stringify({ detail: "value of step 3 ".repeat(20), size: 3 })}`);
    // s12, one step ahead, branches on out_4.
    expect(full).toContain("- s4.out_4 = ");
    expect(full).not.toContain("s5.out_5");
    const summary = system.split("\n").find((line) => line.startsWith("- s5.out_5: "))!;
    expect(summary.length).toBeLessThan(120);
    expect(summary.endsWith("…")).toBe(true);
  });

  it("shows variables by key and preview, never their whole value", () => {
    const snapshot = snapshotAt(undefined, 3, (n) => (n === 2 ? { $var: "VAR_s2_1", preview: '{"rows":[1,2,3' } : n));
    const { system } = context(snapshot, "s4");
    expect(system).toContain('- s2.out_2: VAR_s2_1 (in variable memory; starts: {"rows":[1,2,3)');
    expect(system).toContain('- VAR_s2_1 (from step s2): {"rows":[1,2,3');
    // How to pass a key on is said once the run holds one, and only then.
    expect(system).toContain("give the\nkey itself as the argument");
    expect(context(snapshotAt(undefined, 3), "s4").system).not.toContain("variable memory");
  });

  it("stays within its token budget by dropping the oldest summaries first, counted with the tokenizer", () => {
    const snapshot = snapshotAt();
    const roomy = context(snapshot, "s11", 100_000, count);
    expect(roomy.trimmed).toBe(false);
    const budget = count(roomy.system) - 150;
    const tight = context(snapshot, "s11", budget, count);
    expect(tight.trimmed).toBe(true);
    expect(count(tight.system)).toBeLessThanOrEqual(budget);
    expect(tight.system).toMatch(/- \(\d+ older results? left out\)/);
    expect(tight.system).not.toContain("- s1.out_1:");
    expect(tight.system).toContain("- s9.out_9:");
    // s11 is a skill whose instruction names no value: it reads what flows into it, s10's output, kept whole.
    expect(tight.system).toContain("- s10.out_10 = ");
    expect(tight.system).toContain("- s3.out_3 = ");
    expect(tight.system).toContain("## Routine");
  });

  it("shortens the full values too when dropping summaries is not enough, but never the routine's coming steps", () => {
    const snapshot = snapshotAt(undefined, 10, (n) => ({ detail: "long text ".repeat(n === 3 ? 2_000 : 1) }));
    // k = 2 from s11: s12 and the end step.
    const window = renderRoutinePrompt(snapshot.routine, { variant: "full", steps: new Set(["s11", "s12", "done"]) });
    const routineOnly = count(window);
    const { system, trimmed } = context(snapshot, "s11", routineOnly + 1_500, count);
    expect(trimmed).toBe(true);
    expect(system).toContain(window.trimEnd());
    expect(system).toContain("(10 other steps are listed under Progress by name.)");
    expect(system).toMatch(/- s3\.out_3 = \{"detail":"long text long text .*…/);
    expect(count(system)).toBeLessThanOrEqual(routineOnly + 1_500);
  });

  it("a routine whose every step needs every earlier output: all of them whole while they fit, shortened (never dropped) when not", () => {
    const steps = Array.from({ length: 8 }, (_, at) =>
      toolStep({
        id: `t${at + 1}`,
        name: `Gather part ${at + 1}`,
        inputs: Object.fromEntries(
          Array.from({ length: at }, (_, from) => [
            `part_${from + 1}`,
            { from: "step" as const, stepId: `t${from + 1}`, path: `out_${from + 1}` },
          ]),
        ),
        outputs: [{ name: `out_${at + 1}`, description: "" }],
      }),
    );
    const routine = makeRoutine({ steps: [...steps, endStep({ id: "end" })], edges: chain(...steps, { id: "end" }) });
    const snapshot = snapshotAt(routine, 7, (n) => ({ detail: `part ${n} `.repeat(300) }));
    snapshot.steps.forEach((run, at) => {
      run.stepId = `t${at + 1}`;
      run.output = { [`out_${at + 1}`]: { detail: `part ${at + 1} `.repeat(300) } };
    });
    const index = indexRoutine(routine);
    const build = (tokenBudget: number) =>
      buildExecutorContext({
        index,
        routineText: renderRoutineText(routine),
        snapshot,
        step: index.step("t8")!,
        lookahead: 2,
        tokenBudget,
        countTokens: count,
      });
    const roomy = build(100_000);
    for (let n = 1; n <= 7; n++)
      expect(roomy.system).toContain(`- t${n}.out_${n} = {"detail":"${`part ${n} `.repeat(300)}"}`);
    expect(roomy.system).not.toContain("Earlier results");
    const budget = Math.floor(count(roomy.system) / 3);
    const tight = build(budget);
    expect(tight.trimmed).toBe(true);
    expect(count(tight.system)).toBeLessThanOrEqual(budget);
    // Nothing needed is dropped: each is there, cut to its start.
    for (let n = 1; n <= 7; n++)
      expect(tight.system).toMatch(new RegExp(`- t${n}\\.out_${n} = \\{"detail":"part ${n} part ${n} .*…`));
  });
});
