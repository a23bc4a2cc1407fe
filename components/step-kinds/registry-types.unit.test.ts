// Type tests, checked by `tsc` (npm test's type check): every UI registry of step kinds must name every kind, so a
// kind added to lib/routine's schema without its look, node, inspector panel or run-panel parts fails to compile.
import { describe, expectTypeOf, it } from "vitest";
import type { StepKind } from "@/lib/routine";
import type { STEP_KIND_LOOKS } from ".";
import type { DESIGNER_STEP_KINDS, DESIGNER_STEP_NODES } from "./designer";
import type { REVIEW_STEP_NODES } from "./review";
import type { RUN_STEP_KINDS, RUN_STEP_NODES } from "./run";

/** A registry's value with one kind's entry taken out, as if someone forgot it. */
const missing = <R, K extends StepKind>(_kind: K) => null as unknown as Omit<R, K>;

describe("the step kinds' UI registries", () => {
  it("are keyed by every step kind", () => {
    expectTypeOf<keyof typeof STEP_KIND_LOOKS>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof DESIGNER_STEP_KINDS>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof DESIGNER_STEP_NODES>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof REVIEW_STEP_NODES>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof RUN_STEP_KINDS>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof RUN_STEP_NODES>().toEqualTypeOf<StepKind>();
  });

  it("do not compile with a kind left out", () => {
    // @ts-expect-error the end kind's look is missing
    const looks: typeof STEP_KIND_LOOKS = missing<typeof STEP_KIND_LOOKS, "end">("end");
    // @ts-expect-error the branch kind's designer part is missing
    const designer: typeof DESIGNER_STEP_KINDS = missing<typeof DESIGNER_STEP_KINDS, "branch">("branch");
    // @ts-expect-error the tool kind's designer node is missing
    const designerNodes: typeof DESIGNER_STEP_NODES = missing<typeof DESIGNER_STEP_NODES, "tool">("tool");
    // @ts-expect-error the human kind's review node is missing
    const reviewNodes: typeof REVIEW_STEP_NODES = missing<typeof REVIEW_STEP_NODES, "human">("human");
    // @ts-expect-error the sub-routine kind's run parts are missing
    const run: typeof RUN_STEP_KINDS = missing<typeof RUN_STEP_KINDS, "routine">("routine");
    // @ts-expect-error the skill kind's run node is missing
    const runNodes: typeof RUN_STEP_NODES = missing<typeof RUN_STEP_NODES, "skill">("skill");
    expectTypeOf([looks, designer, designerNodes, reviewNodes, run, runNodes]).toBeArray();
  });
});
