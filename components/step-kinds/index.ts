// How every step kind looks in the UI, one folder per kind (./<kind>/look.ts). Below the canvases and panels that draw
// steps (decision 0037): they read a kind's look here and keep their own node, inspector-panel and run-panel maps,
// each typed over every kind, so a kind left out anywhere is a compile error.
import type { StepKind, StepOf } from "@/lib/routine";
import { BRANCH_LOOK } from "./branch/look";
import { END_LOOK } from "./end/look";
import { HUMAN_LOOK } from "./human/look";
import { ROUTINE_LOOK } from "./routine/look";
import { SKILL_LOOK } from "./skill/look";
import { TOOL_LOOK } from "./tool/look";
import type { StepKindLook } from "./types";

/** How each step kind looks and reads in the palette, the inspector, the run panel and on every canvas. */
export const STEP_KIND_LOOKS: { readonly [K in StepKind]: StepKindLook<K> } = {
  tool: TOOL_LOOK,
  skill: SKILL_LOOK,
  branch: BRANCH_LOOK,
  human: HUMAN_LOOK,
  routine: ROUTINE_LOOK,
  end: END_LOOK,
};

/** The line a canvas shows under the step's name (its tool, or its kind), or null for none. */
export function stepDetailLine<K extends StepKind>(step: StepOf<K>): string | null {
  return (STEP_KIND_LOOKS[step.kind] as StepKindLook<K>).detail(step);
}

export type { StepKindLook } from "./types";
