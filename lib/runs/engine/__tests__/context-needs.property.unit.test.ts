import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../../llm";
import { type Binding, renderRoutineText, type Step } from "../../../routine";
import { chain, endStep, makeRoutine, skillStep, toolStep } from "../../../routine/testing/factories";
import { buildExecutorContext } from "../context";
import type { RunSnapshot, StepRunSnapshot } from "../ports";
import { indexRoutine } from "../routine-graph";
import { MemoryRunStore } from "../testing";

// The property (issue #18): for generated routines, the context builder keeps in full exactly what the current
// step and the next k steps need, and every other earlier result as one line. "Need" is known here from how each
// step was generated, not from the builder's own analysis: a step binding names its output; a model binding's hint,
// a skill's instruction or a completion criterion that mentions an output needs it; a step with model-filled parts
// that mentions nothing needs what the step before it produced.

type Part =
  { kind: "step"; from: number } | { kind: "model"; mentions: number | null } | { kind: "literal" } | { kind: "input" };

type StepPlan = { skill: boolean; parts: Part[]; instruction: number | null; completion: number | null };

const outputName = (n: number) => `figure_${n}`;

function buildStep(n: number, plan: StepPlan): Step {
  const inputs: Record<string, Binding> = {};
  plan.parts.forEach((part, at) => {
    const name = `arg_${at}`;
    if (part.kind === "step")
      inputs[name] = { from: "step", stepId: `s${part.from}`, path: `${outputName(part.from)}.amount` };
    if (part.kind === "model")
      inputs[name] = {
        from: "model",
        hint: part.mentions === null ? "the reason" : `taken from ${outputName(part.mentions)}`,
      };
    if (part.kind === "literal") inputs[name] = { from: "literal", value: 3 };
    if (part.kind === "input") inputs[name] = { from: "input", name: "employee_id" };
  });
  const common = {
    id: `s${n}`,
    name: `Task number ${n}`,
    inputs,
    outputs: [{ name: outputName(n), description: "" }],
    ...(plan.completion !== null ? { completion: `done once ${outputName(plan.completion)} is known` } : {}),
  };
  if (plan.skill)
    return skillStep({
      ...common,
      instruction: plan.instruction === null ? "Write a short note." : `Explain ${outputName(plan.instruction)}.`,
    });
  return toolStep(common);
}

/** What step n needs, from its plan: a set of earlier step numbers. */
function plannedNeeds(n: number, plan: StepPlan): Set<number> {
  const needs = new Set<number>();
  const mentions: number[] = [];
  let modelFilled = plan.skill;
  for (const part of plan.parts) {
    if (part.kind === "step") needs.add(part.from);
    if (part.kind === "model") {
      modelFilled = true;
      if (part.mentions !== null) mentions.push(part.mentions);
    }
  }
  if (plan.skill && plan.instruction !== null) mentions.push(plan.instruction);
  if (plan.completion !== null) mentions.push(plan.completion);
  for (const mention of mentions) needs.add(mention);
  if (modelFilled && mentions.length === 0 && n > 1) needs.add(n - 1);
  return needs;
}

/** Step n (1-based, up to 9, so no step's name is part of another's) refers only to steps before it. */
const earlier = (n: number) => (n > 1 ? fc.integer({ min: 1, max: n - 1 }) : fc.constant(null));
const stepPlan = (n: number): fc.Arbitrary<StepPlan> =>
  fc.record({
    skill: fc.boolean(),
    parts: fc.array(
      fc.oneof(
        ...(n > 1 ? [earlier(n).map((from) => ({ kind: "step" as const, from: from! }))] : []),
        fc
          .option(earlier(n), { nil: null })
          .map((mentions) => ({ kind: "model" as const, mentions: mentions ?? null })),
        fc.constant({ kind: "literal" as const }),
        fc.constant({ kind: "input" as const }),
      ),
      { maxLength: 3 },
    ),
    instruction: fc.option(earlier(n), { nil: null }).map((value) => value ?? null),
    completion: fc.option(earlier(n), { nil: null }).map((value) => value ?? null),
  });

const scenario = fc.integer({ min: 2, max: 9 }).chain((length) =>
  fc.record({
    plans: fc.tuple(...Array.from({ length }, (_, at) => stepPlan(at + 1))),
    current: fc.integer({ min: 1, max: length }),
    lookahead: fc.integer({ min: 0, max: length + 3 }),
  }),
);

const valueOf = (n: number) => ({ amount: n * 100 + 7, note: `the long note of step ${n} `.repeat(12) });

function snapshotOf(steps: Step[], done: number): RunSnapshot {
  const routine = makeRoutine({ steps, edges: chain(...steps) });
  const store = new MemoryRunStore();
  const snapshot = store.run(
    store.createRun({ routine, request: "Book leave for E7.", inputs: { employee_id: "E7" } }),
  ).snapshot;
  const at = new Date(0);
  snapshot.steps = Array.from({ length: done }, (_, index): StepRunSnapshot => ({
    id: `r${index + 1}`,
    stepId: `s${index + 1}`,
    iteration: 1,
    state: "succeeded",
    attempt: 1,
    input: null,
    output: { [outputName(index + 1)]: valueOf(index + 1) },
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

describe("the plan-aware context builder (property)", () => {
  it("keeps in full exactly what the current and the next k steps need, for any routine, position and k", () => {
    fc.assert(
      fc.property(scenario, ({ plans, current, lookahead }) => {
        const steps = [...plans.map((plan, at) => buildStep(at + 1, plan)), endStep({ id: "done" })];
        const snapshot = snapshotOf(steps, current - 1);
        const index = indexRoutine(snapshot.routine);
        const { system } = buildExecutorContext({
          index,
          routineText: renderRoutineText(snapshot.routine),
          snapshot,
          step: index.step(`s${current}`)!,
          lookahead,
          tokenBudget: 1_000_000,
          countTokens: estimateTokens,
        });
        const wanted = new Set<number>();
        for (let n = current; n <= Math.min(plans.length, current + lookahead); n++)
          for (const need of plannedNeeds(n, plans[n - 1])) wanted.add(need);
        for (let n = 1; n < current; n++) {
          const whole = `- s${n}.${outputName(n)} = ${JSON.stringify(valueOf(n))}`;
          const oneLine = `- s${n}.${outputName(n)}: `;
          if (wanted.has(n)) {
            expect(system, `s${n} is needed`).toContain(whole);
            expect(system).not.toContain(oneLine);
          } else {
            expect(system, `s${n} is not needed`).not.toContain(whole);
            expect(system).toContain(oneLine);
          }
        }
      }),
      { numRuns: 300, seed: 18 },
    );
  });
});
