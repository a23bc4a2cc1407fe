// Type tests, checked by `tsc` (npm test's type check): every UI registry of step kinds names every kind, so a kind
// added to lib/routine's schema without its look, its node on each canvas, its inspector panel or its run-panel part
// fails to compile.
import { describe, expectTypeOf, it } from "vitest";
import type { DESIGNER_STEP_NODES } from "@/components/designer/nodes";
import type { STEP_KIND_PANELS } from "@/components/designer/inspector/step-kind-panels";
import type { REVIEW_STEP_NODES } from "@/components/review/review-nodes";
import type { RUN_STEP_NODES } from "@/components/runs/canvas/run-step-node";
import type { STEP_KIND_DETAILS } from "@/components/runs/panel/kind-details";
import type { StepKind } from "@/lib/routine";
import type { STEP_KIND_LOOKS } from "@/components/step-kinds";

/** What every registry must be: one entry per step kind. */
type OverAllKinds = { readonly [K in StepKind]: unknown };

/** A registry's value with one kind's entry taken out, as if someone forgot it. */
const without = <R, K extends StepKind>(_kind: K) => null as unknown as Omit<R, K>;

describe("the step kinds' UI registries", () => {
  it("are keyed by every step kind", () => {
    expectTypeOf<keyof typeof STEP_KIND_LOOKS>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof DESIGNER_STEP_NODES>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof STEP_KIND_PANELS>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof REVIEW_STEP_NODES>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof RUN_STEP_NODES>().toEqualTypeOf<StepKind>();
    expectTypeOf<keyof typeof STEP_KIND_DETAILS>().toEqualTypeOf<StepKind>();
  });

  it("do not compile with a kind left out", () => {
    // @ts-expect-error the end kind's look is missing
    const looks: OverAllKinds = without<typeof STEP_KIND_LOOKS, "end">("end");
    // @ts-expect-error the branch kind's designer node is missing
    const designerNodes: OverAllKinds = without<typeof DESIGNER_STEP_NODES, "branch">("branch");
    // @ts-expect-error the tool kind's inspector panel is missing
    const panels: OverAllKinds = without<typeof STEP_KIND_PANELS, "tool">("tool");
    // @ts-expect-error the human kind's review node is missing
    const reviewNodes: OverAllKinds = without<typeof REVIEW_STEP_NODES, "human">("human");
    // @ts-expect-error the skill kind's run node is missing
    const runNodes: OverAllKinds = without<typeof RUN_STEP_NODES, "skill">("skill");
    // @ts-expect-error the sub-routine kind's run-panel part is missing
    const details: OverAllKinds = without<typeof STEP_KIND_DETAILS, "routine">("routine");
    expectTypeOf([looks, designerNodes, panels, reviewNodes, runNodes, details]).toBeArray();
  });
});
