import { describe, expect, expectTypeOf, it } from "vitest";
import { STEP_KINDS, STEP_KINDS_DESCRIBED, stepSchema, type StepKind, type StepKindDescriptor } from "../..";
import { STEP_KIND_TEXT, type StepKindText } from "../text";
import { STEP_KIND_RULES, type StepKindRules } from "../validation";

// Each registry is typed over every step kind. The @ts-expect-error lines are checked by `tsc`: should a registry's
// type stop requiring every kind, the line no longer errors and tsc fails on the unused directive.

describe("the step-kind registries", () => {
  it("refuse, at compile time, a registry that leaves a kind out", () => {
    const { end: _end, ...withoutEnd } = STEP_KINDS_DESCRIBED;
    // @ts-expect-error -- the end kind's descriptor is missing
    const descriptors: typeof STEP_KINDS_DESCRIBED = withoutEnd;
    const { branch: _branch, ...withoutBranch } = STEP_KIND_TEXT;
    // @ts-expect-error -- the branch kind's paper-text hooks are missing
    const texts: typeof STEP_KIND_TEXT = withoutBranch;
    const { human: _human, ...withoutHuman } = STEP_KIND_RULES;
    // @ts-expect-error -- the human kind's rules are missing
    const rules: typeof STEP_KIND_RULES = withoutHuman;
    expect([descriptors, texts, rules].map((registry) => Object.keys(registry).length)).toEqual([5, 5, 5]);
  });

  it("hold each kind under its own name, and nothing else", () => {
    expectTypeOf(STEP_KINDS_DESCRIBED.tool).toEqualTypeOf<StepKindDescriptor<"tool">>();
    expectTypeOf(STEP_KIND_TEXT.human).toEqualTypeOf<StepKindText<"human">>();
    expectTypeOf(STEP_KIND_RULES.routine).toEqualTypeOf<StepKindRules>();
    for (const registry of [STEP_KINDS_DESCRIBED, STEP_KIND_TEXT, STEP_KIND_RULES])
      expect(Object.keys(registry).sort()).toEqual([...STEP_KINDS].sort());
    for (const kind of STEP_KINDS) expect(STEP_KINDS_DESCRIBED[kind].kind).toBe(kind);
  });
});

describe("a descriptor's capabilities", () => {
  const base = { id: "s1", name: "Step", description: "" };
  const drafted = (kind: StepKind) => stepSchema.parse(STEP_KINDS_DESCRIBED[kind].draft(base));

  it.each(STEP_KINDS)("match what the %s step's schema holds", (kind) => {
    const step = drafted(kind);
    const { capabilities } = STEP_KINDS_DESCRIBED[kind];
    expect(step.kind).toBe(kind);
    expect("tool" in step).toBe(capabilities.callsTool);
    expect("inputs" in step && "outputs" in step).toBe(capabilities.takesInputs);
    expect("routineId" in step).toBe(capabilities.startsChildRun);
    expect("form" in step).toBe(capabilities.waitsForPerson);
  });

  it("never let a step both end the run and choose a way, or be re-run without taking inputs", () => {
    for (const kind of STEP_KINDS) {
      const { capabilities } = STEP_KINDS_DESCRIBED[kind];
      expect(capabilities.endsRun && capabilities.choosesWay).toBe(false);
      if (capabilities.rerunnable) expect(capabilities.takesInputs).toBe(true);
      if (capabilities.endsRun || capabilities.choosesWay) expect(capabilities.skippable).toBe(false);
    }
  });
});
